import type { CheckMode, CheckOutcome, ComparisonInput } from './schema.ts';

/** A catalogue entry: stable id, title, sources ([R], [H], … as in docs/fairness.md), mode, function. */
export interface CheckDefinition {
  id: string;
  title: string;
  /** Source keys of docs/fairness.md: R, H, K, T, C, M, S, W, O, G, PTS and seed numbers. */
  sources: readonly string[];
  mode: CheckMode;
  /** What the check reads, for the README and the UI ("host type, CPU model per role"). */
  reads: string;
  evaluate: (input: ComparisonInput) => CheckOutcome;
}
