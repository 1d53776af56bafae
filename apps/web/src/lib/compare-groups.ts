// Entries of the /compare builder (pure; used by the page, its client controls and the preview).
// The URL holds the state so a grouping can be shared and reloaded: `runs` lists the selected
// runs, `group` the entry number (1-based) of each run in the same order. Several runs in one
// entry are repetitions of one setup: the headline shows their mean and a confidence interval.

/** Most runs the builder takes at once (8 entries of a few repetitions each). */
export const MAX_BUILDER_RUNS = 32;
/**
 * A comparison has 2 to 16 entries (CreateComparison enforces it when saving; the fairness engine
 * takes up to 16 sides): a sweep of ten instance sizes is one comparison.
 */
export const MIN_ENTRIES = 2;
export const MAX_ENTRIES = 16;

const alone = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * Renumbers entries 1, 2, … in order of first appearance, so numbers stay contiguous when a
 * run leaves an entry of its own.
 */
export function normalizeAssignment(assignment: readonly number[]): number[] {
  const order = new Map<number, number>();
  return assignment.map((g) => {
    if (!order.has(g)) order.set(g, order.size + 1);
    return order.get(g) as number;
  });
}

/** The `group` parameter read against the runs; anything malformed means one entry per run. */
export function parseAssignment(runCount: number, group: string | undefined): number[] {
  if (!group) return alone(runCount);
  const parts = group.split(',').map((s) => Number(s.trim()));
  const valid =
    parts.length === runCount && parts.every((g) => Number.isInteger(g) && g >= 1 && g <= runCount);
  return valid ? normalizeAssignment(parts) : alone(runCount);
}

/** The builder's query string; `group` is left out while every run is an entry of its own. */
export function builderSearch(runIds: readonly string[], assignment: readonly number[]): string {
  const normalized = normalizeAssignment(assignment);
  const grouped = normalized.some((g, i) => g !== i + 1);
  return `?runs=${runIds.join(',')}${grouped ? `&group=${normalized.join(',')}` : ''}`;
}

/** Run indexes per entry, entries in number order, runs in selection order. */
export function entriesOf(assignment: readonly number[]): number[][] {
  const entries: number[][] = [];
  assignment.forEach((g, run) => {
    entries[g - 1] ??= [];
    entries[g - 1]?.push(run);
  });
  return entries.filter((e) => e !== undefined);
}

/**
 * A label for an entry from its runs' names: the name they share, else their common beginning
 * when it says something (repetitions are often named "… run 1", "… run 2"), else the first
 * name and how many more.
 */
export function defaultLabel(names: readonly string[]): string {
  const [first = 'entry', ...rest] = names;
  if (rest.every((n) => n === first)) return first;
  let prefix = first;
  for (const n of rest) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  prefix = prefix.replace(/[\s,;:#(–-]*(run|rep|repetition|try)?\s*#?\d*$/i, '').trim();
  return prefix.length >= 4 ? prefix : `${first} + ${rest.length} more`;
}

/** Labels must differ: a repeated one gets its position, "pgbench (2)". */
export function uniqueLabels(labels: readonly string[]): string[] {
  return labels.map((l, i) => (labels.indexOf(l) === i ? l : `${l} (${i + 1})`));
}

/** Why the entries cannot be saved as they are, or null. */
export function entryCountProblem(entries: number, runs: number): string | null {
  if (entries < MIN_ENTRIES)
    return `A comparison needs at least ${MIN_ENTRIES} entries: move some of the ${runs} runs to another entry.`;
  if (entries > MAX_ENTRIES)
    return `A comparison has at most ${MAX_ENTRIES} entries, these runs make ${entries}: put repetitions of the same setup into one entry.`;
  return null;
}
