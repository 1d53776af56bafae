// The figures a side prints for each of its runs ("throughput.insert.run1", "…run2", or a value
// labelled by run): how many repetitions they show, and whether the sides' runs overlap.
import { display } from '../normalize.ts';
import type { Entry } from '../schema.ts';

/** A run number at the end of a metric's name ("throughput.insert.run2", "time (trial 3)", "rep_1"). */
const RUN_NUMBER = /[\s._#(-](?:run|trial|rep|repetition|iteration|attempt|try)[\s_#-]?(\d+)\)?$/i;
/** A label that numbers the run a figure comes from. */
const RUN_LABEL = /^(run|trial|rep|repetition|iteration|attempt|try)$/i;

/**
 * Each run's figure a side prints, by metric (every run of "throughput.insert" printed as run1,
 * run2, run3). Numbered runs whose figures differ more than twofold are not one measurement
 * repeated (a first full backup, then incremental ones), so they are left out.
 */
export function printedRuns(entry: Entry): Map<string, number[]> {
  const runsOf = new Map<string, Map<string, number | null>>();
  for (const run of entry.runs)
    for (const v of run.values) {
      const labelled = Object.entries(v.labels).find(([k]) => RUN_LABEL.test(k));
      const numbered = RUN_NUMBER.exec(v.metric);
      const index = labelled?.[1] ?? numbered?.[1];
      if (index === undefined) continue;
      const rest = Object.entries(v.labels)
        .filter(([k]) => !RUN_LABEL.test(k))
        .map(([k, x]) => `${k}=${x}`)
        .join(',');
      const base = `${numbered ? v.metric.slice(0, numbered.index) : v.metric}${rest ? ` [${rest}]` : ''}`;
      runsOf.set(base, (runsOf.get(base) ?? new Map()).set(index, v.value));
    }
  const out = new Map<string, number[]>();
  for (const [base, runs] of runsOf) {
    const figures = [...runs.values()];
    if (figures.length < 2 || figures.some((x) => x === null || x <= 0)) continue;
    const xs = figures as number[];
    if (Math.max(...xs) <= 2 * Math.min(...xs)) out.set(base, xs);
  }
  return out;
}

/** How many runs a side shows by printing each one's figure: the most for any metric; null below two. */
export function printedRepetitions(runs: Map<string, number[]>): number | null {
  const most = Math.max(0, ...[...runs.values()].map((xs) => xs.length));
  return most >= 2 ? most : null;
}

/**
 * Metrics whose printed runs overlap on every side (each side's lowest run below every other
 * side's highest): the difference between the sides is within their run-to-run spread.
 */
export function overlappingRuns(
  perSide: readonly { label: string; runs: Map<string, number[]> }[],
): string[] {
  const first = perSide[0];
  if (!first || perSide.length < 2) return [];
  const out: string[] = [];
  for (const base of first.runs.keys()) {
    const ranges = perSide.map((side) => {
      const xs = side.runs.get(base);
      return xs ? { label: side.label, low: Math.min(...xs), high: Math.max(...xs) } : null;
    });
    if (ranges.some((r) => r === null)) continue;
    const rs = ranges as { label: string; low: number; high: number }[];
    if (Math.max(...rs.map((r) => r.low)) > Math.min(...rs.map((r) => r.high))) continue;
    out.push(`${base} (${rs.map((r) => `${r.label}: ${display(r.low)}–${display(r.high)}`).join(' vs ')})`);
  }
  return out;
}
