// A merge's inputs cross to the merge thread (merge-thread.ts) packed back to back in one buffer
// that is transferred, not copied: the histograms come from node-postgres as small Buffers that
// share 8 KiB pools, and cloning one would copy its whole pool.
/** The inputs, packed into one fresh buffer the caller may transfer. */
export function pack(encoded: Uint8Array[]): { packed: Uint8Array<ArrayBuffer>; lengths: number[] } {
  const lengths = encoded.map((bytes) => bytes.byteLength);
  const packed = new Uint8Array(lengths.reduce((sum, n) => sum + n, 0));
  let offset = 0;
  for (const bytes of encoded) {
    packed.set(bytes, offset);
    offset += bytes.byteLength;
  }
  return { packed, lengths };
}

/** The inputs again, as views of the packed buffer. */
export function unpack(packed: Uint8Array, lengths: number[]): Uint8Array[] {
  let offset = 0;
  return lengths.map((length) => {
    offset += length;
    return packed.subarray(offset - length, offset);
  });
}
