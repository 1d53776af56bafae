// The public surface of @levelfield/detect: change points over a history, per-run threshold tests.
export {
  bestSplit,
  type ChangePoint,
  type DetectMethod,
  type DetectOptions,
  detectChangePoints,
} from './edivisive.ts';
export { normalRandom, type Random, seededRandom, shuffleRange } from './random.ts';
export {
  type KsOptions,
  type KsResult,
  kolmogorovSurvival,
  ksTestHistograms,
  ksTestWindows,
  type ThresholdOptions,
  type ThresholdResult,
  thresholdTest,
} from './threshold.ts';
