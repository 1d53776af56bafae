// A publication's claims beside Levelfield's recomputation from the same published figures:
// "2.3x faster" against 73,123 / 32,232 = 2.27×, and the difference between them.
import 'server-only';
import type { ComparisonInput } from '@levelfield/fairness';
import { parseQuantity } from '../published/schema.ts';
import type { Claim } from './schema.ts';
import { directionOf, labelsKey } from './table.ts';

export interface CheckedClaim extends Claim {
  /** The factor from the entries' published values (mean over repetitions); null without them. */
  computed: number | null;
  /** claimed / computed − 1: +0.05 claims 5 % more than the figures show. */
  difference: number | null;
  /** Why nothing was computed. */
  note?: string;
}

function meanOf(input: ComparisonInput, label: string, metric: string, labels: string): number | null {
  const entry = input.entries.find((e) => e.label === label);
  const xs = (entry?.runs ?? []).flatMap((r) =>
    r.values
      .filter((v) => v.metric === metric && labelsKey(v.labels) === labels && typeof v.value === 'number')
      .map((v) => v.value as number),
  );
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

/** Each claim with the factor the published figures give (higher-is-better quantities divide entry by versus). */
export function checkClaims(input: ComparisonInput, claims: readonly Claim[]): CheckedClaim[] {
  return claims.map((claim) => {
    const q = parseQuantity(claim.quantity);
    if ('error' in q) return { ...claim, computed: null, difference: null, note: q.error };
    const labels = labelsKey(q.labels);
    const a = meanOf(input, claim.entry, q.metric, labels);
    const b = meanOf(input, claim.versus, q.metric, labels);
    const better = directionOf(q.metric);
    if (a === null || b === null || a <= 0 || b <= 0 || better === null)
      return {
        ...claim,
        computed: null,
        difference: null,
        note:
          better === null
            ? `“${claim.quantity}” does not say which way is better`
            : `no published ${claim.quantity} on ${a === null ? claim.entry : claim.versus}`,
      };
    const computed = better === 'higher' ? a / b : b / a;
    return { ...claim, computed, difference: claim.factor / computed - 1 };
  });
}
