export {
  BAND_COUNT,
  BANDS_PER_OCTAVE,
  type BandCounts,
  type BandHeatmap,
  bandEdge,
  bandHeatmap,
  bandOf,
  countBands,
  decodeBands,
  encodeBands,
} from './bands.ts';
export { base64ToBytes, bytesToBase64 } from './base64.ts';
export {
  checkEncoded,
  type DecodeOptions,
  decodeHistogram,
  encodeBase64,
  encodeCompressed,
  encodeUncompressed,
  mergeEncoded,
  V2_COMPRESSED_ENCODING_COOKIE,
  V2_ENCODING_COOKIE,
} from './codec.ts';
export { HdrDecodeError, type HdrDecodeErrorCode } from './errors.ts';
export {
  Histogram,
  type HistogramOptions,
  type PercentilePoint,
  type PercentileRank,
  type RecordedRange,
  type ValueBand,
} from './histogram.ts';
export {
  formatIntervalLogComment,
  formatIntervalLogLine,
  type IntervalLogEntry,
  parseIntervalLogLine,
} from './interval-log.ts';
