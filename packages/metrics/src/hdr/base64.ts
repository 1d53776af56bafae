import { HdrDecodeError } from './errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;

/** Standard base64 (RFC 4648 §4) with padding. */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      ALPHABET.charAt(n >> 18) +
      ALPHABET.charAt((n >> 12) & 63) +
      ALPHABET.charAt((n >> 6) & 63) +
      ALPHABET.charAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = (bytes[i] ?? 0) << 16;
    out += `${ALPHABET.charAt(n >> 18)}${ALPHABET.charAt((n >> 12) & 63)}==`;
  } else if (rest === 2) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += `${ALPHABET.charAt(n >> 18)}${ALPHABET.charAt((n >> 12) & 63)}${ALPHABET.charAt((n >> 6) & 63)}=`;
  }
  return out;
}

/**
 * Decodes standard base64 strictly: only the standard alphabet, padding optional but only at the
 * end, no whitespace. Throws HdrDecodeError('BAD_BASE64') otherwise.
 */
export function base64ToBytes(text: string): Uint8Array {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === 61) end--;
  if (end > 0 && text.charCodeAt(end - 1) === 61) end--;
  if (end % 4 === 1 || (end !== text.length && text.length % 4 !== 0)) {
    throw new HdrDecodeError('BAD_BASE64', `base64 text of length ${text.length} is not valid base64`);
  }
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? (DECODE[c] ?? -1) : -1;
    if (v < 0) {
      throw new HdrDecodeError(
        'BAD_BASE64',
        `invalid base64 character ${JSON.stringify(text[i])} at offset ${i}`,
      );
    }
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // Leftover bits must be zero, so every byte string has exactly one encoding.
  if (bits > 0 && (acc & ((1 << bits) - 1)) !== 0) {
    throw new HdrDecodeError('BAD_BASE64', 'base64 text has non-zero padding bits');
  }
  return out;
}
