// Fixed heatmap bands: band k holds values in [2^(k/8), 2^((k+1)/8)) (eight per octave, each
// about 9 % wide), the same for every interval of every series. Because they never move, the
// rollup worker can count a minute's histogram into bands once, when it merges the minute, and
// a 24-hour heatmap is then an addition of stored band counts — no histogram decoded per view.
//
// Stored form (rollups.bands): uint16 LE index of the first band, then one uint32 LE count per
// consecutive band up to the last non-empty one.
import type { Histogram } from './histogram.ts';

export const BANDS_PER_OCTAVE = 8;
/** Bands up to 2^48: far past any latency in µs or ns a histogram tracks. */
export const BAND_COUNT = 48 * BANDS_PER_OCTAVE;

/** The lowest value of band k (an integer: histograms record integers). */
export function bandEdge(k: number): number {
  return Math.ceil(2 ** (k / BANDS_PER_OCTAVE));
}

/** The band a value falls in; 0 and 1 are both in band 0. */
export function bandOf(value: number): number {
  if (value < 2) return 0;
  let k = Math.min(BAND_COUNT - 1, Math.floor(Math.log2(value) * BANDS_PER_OCTAVE));
  // Correct float rounding at the edges so that bandEdge(k) <= value < bandEdge(k + 1).
  while (k > 0 && bandEdge(k) > value) k--;
  while (k + 1 < BAND_COUNT && bandEdge(k + 1) <= value) k++;
  return k;
}

export interface BandCounts {
  /** Index of the first band in `counts`. */
  offset: number;
  counts: number[];
}

/** A histogram's counts in the fixed bands, from its lowest to its highest recorded value. */
export function countBands(histogram: Histogram): BandCounts {
  if (histogram.totalCount === 0) return { offset: 0, counts: [] };
  const first = bandOf(histogram.min);
  const last = bandOf(histogram.max);
  const edges = Array.from({ length: last - first + 2 }, (_, i) => bandEdge(first + i));
  // Duplicate integer edges happen only among the first bands (below 2^(1/8) steps of 1).
  const unique = edges.filter((e, i) => i === 0 || e > (edges[i - 1] ?? 0));
  const { bands, below, above } = histogram.countsInBands(unique);
  const counts = new Array<number>(last - first + 1).fill(0);
  for (const band of bands) {
    const k = bandOf(band.lowest) - first;
    counts[k] = (counts[k] ?? 0) + band.count;
  }
  counts[0] = (counts[0] ?? 0) + below;
  counts[counts.length - 1] = (counts[counts.length - 1] ?? 0) + above;
  return { offset: first, counts };
}

export function encodeBands({ offset, counts }: BandCounts): Uint8Array {
  const bytes = new Uint8Array(2 + 4 * counts.length);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, offset, true);
  for (const [i, c] of counts.entries()) view.setUint32(2 + 4 * i, Math.min(c, 0xffffffff), true);
  return bytes;
}

/** Reads the stored form; throws a RangeError for anything malformed (wrong length, out of range). */
export function decodeBands(bytes: Uint8Array): BandCounts {
  if (bytes.length < 2 || (bytes.length - 2) % 4 !== 0)
    throw new RangeError(`band counts are 2 + 4·n bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = view.getUint16(0, true);
  const n = (bytes.length - 2) / 4;
  if (offset + n > BAND_COUNT) throw new RangeError(`bands ${offset}…${offset + n - 1} exceed ${BAND_COUNT}`);
  // A plain loop: a 24-hour run page decodes 7,200 of these per view, and Array.from's callback
  // per count took ~45 ms of it (the loop ~11 ms).
  const counts = new Array<number>(n);
  for (let i = 0; i < n; i++) counts[i] = view.getUint32(2 + 4 * i, true);
  return { offset, counts };
}

export interface BandHeatmap {
  /** Row edges (values): row r is [edges[r], edges[r + 1]). */
  edges: number[];
  /** Intervals summed into each column (the last column may hold fewer). */
  per: number;
  /** Per column, its count per row ([] for a column without bands). */
  counts: number[][];
}

/**
 * Heatmap cells over many intervals' band counts: rows span the bands any interval uses,
 * grouped into at most `maxRows` rows of equal numbers of bands (so rows stay geometric);
 * columns sum `per` consecutive intervals so there are at most `maxColumns`.
 */
export function bandHeatmap(
  intervals: readonly (BandCounts | null)[],
  maxRows = 48,
  maxColumns = Number.POSITIVE_INFINITY,
): BandHeatmap {
  const per = Math.max(1, Math.ceil(intervals.length / maxColumns));
  const columnCount = Math.ceil(intervals.length / per);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const b of intervals)
    if (b && b.counts.length > 0) {
      low = Math.min(low, b.offset);
      high = Math.max(high, b.offset + b.counts.length - 1);
    }
  if (!Number.isFinite(low)) return { edges: [], per, counts: Array.from({ length: columnCount }, () => []) };
  const perRow = Math.max(1, Math.ceil((high - low + 1) / maxRows));
  const rows = Math.ceil((high - low + 1) / perRow);
  const edges = Array.from({ length: rows + 1 }, (_, r) => bandEdge(low + r * perRow));
  const counts: number[][] = Array.from({ length: columnCount }, () => []);
  intervals.forEach((b, i) => {
    if (!b || b.counts.length === 0) return;
    const column = counts[Math.floor(i / per)] as number[];
    if (column.length === 0) column.push(...new Array<number>(rows).fill(0));
    b.counts.forEach((c, k) => {
      const r = Math.floor((b.offset + k - low) / perRow);
      column[r] = (column[r] ?? 0) + c;
    });
  });
  return { edges, per, counts };
}
