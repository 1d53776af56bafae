// How the rollup worker merges interval histograms. The HdrHistogram V2 codec lives in
// @levelfield/metrics; the worker takes it through this interface so the ingest API never
// carries a codec of its own. Without one, rollups hold what SQL can compute from the frame
// summaries (see worker.ts) and no merged histogram.

export interface MergedHistogram {
  encoded: Uint8Array;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  p999: number;
}

export interface HistogramMerger {
  /** Decodes each V2 encoding, adds them up and re-encodes the sum. */
  merge(encoded: Uint8Array[]): MergedHistogram;
}
