// The public surface of @levelfield/metrics. Subpaths: ./hdr, ./stats, ./formulas.
export {
  compareRatio,
  evaluateFormula,
  FORMULAS,
  type Formula,
  type FormulaValue,
  formulaById,
  formulaLabel,
  formulaMismatch,
} from './formulas.ts';
export {
  type DecodeOptions,
  decodeHistogram,
  encodeBase64,
  HdrDecodeError,
  type HdrDecodeErrorCode,
  Histogram,
  type HistogramOptions,
  parseIntervalLogLine,
} from './hdr/index.ts';
export {
  type LatencyQuantiles,
  type LatencySummary,
  meanConfidenceInterval,
  mergeHistograms,
  ratioOfMeansConfidenceInterval,
  steadyStateTest,
  summarizeHistogram,
} from './stats.ts';
