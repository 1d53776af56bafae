// Series as people name them: the tool's metric and the tags that tell it apart from the other
// series of that metric shown beside it — "latency (script 1: builtin select-only)", or just
// "latency" when the run has one latency series or its tags are the same on all of them.
import { isObject, provenanceValue } from './provenance-value';

export interface NamedSeries {
  name: string;
  labels: Record<string, string>;
}

/** What a tag's values stand for, by tag: { script: { "0": "1: builtin select-only" } }. */
export type TagValueNames = Record<string, Record<string, string>>;

/**
 * pgbench's scripts as its summary numbers them ("SQL script 1: <builtin: select only>"): its log
 * numbers them from 0, which is the `script` tag the agent gives each series, and the agent records
 * the scripts in the command line's order (`workload.parameters.scripts`).
 */
export function pgbenchScriptNames(provenance: unknown): TagValueNames {
  const parameters = provenanceValue(provenance, 'workload', 'parameters');
  const scripts = isObject(parameters) ? parameters.scripts : undefined;
  if (!Array.isArray(scripts) || scripts.length === 0) return {};
  return { script: Object.fromEntries(scripts.map((s, i) => [String(i), `${i + 1}: ${String(s)}`])) };
}

/** The names of series shown together (`all`): give it any one of them. */
export function seriesNamer(
  all: readonly NamedSeries[],
  valueNames: TagValueNames = {},
): (series: NamedSeries) => string {
  const varying = new Map<string, string[]>();
  for (const name of new Set(all.map((s) => s.name))) {
    const same = all.filter((s) => s.name === name);
    const keys = [...new Set(same.flatMap((s) => Object.keys(s.labels)))].sort();
    varying.set(
      name,
      keys.filter((k) => new Set(same.map((s) => s.labels[k])).size > 1),
    );
  }
  return (series) => {
    const tags = (varying.get(series.name) ?? [])
      .filter((k) => series.labels[k] !== undefined)
      .map((k) => `${k} ${valueNames[k]?.[series.labels[k]!] ?? series.labels[k]}`);
    return tags.length > 0 ? `${series.name} (${tags.join(', ')})` : series.name;
  };
}

/**
 * A metric's only tagged series beside its label-free one, when both hold the same samples: the
 * label-free series holds every sample of its metric, so with a single tag set (one pgbench
 * script, one k6 request name) the two are one series shown twice. Keyed by the label-free
 * series, whose place the tagged one's name takes (it says which script or request it was).
 */
export function repeatedSeries<T extends NamedSeries>(
  all: readonly T[],
  sameSamples: (a: T, b: T) => boolean,
): Map<T, T> {
  const out = new Map<T, T>();
  for (const name of new Set(all.map((s) => s.name))) {
    const same = all.filter((s) => s.name === name);
    const bare = same.filter((s) => Object.keys(s.labels).length === 0);
    const tagged = same.filter((s) => Object.keys(s.labels).length > 0);
    if (bare.length === 1 && tagged.length === 1 && sameSamples(bare[0]!, tagged[0]!))
      out.set(bare[0]!, tagged[0]!);
  }
  return out;
}
