// Series as people name them: the tool's metric and the tags that tell it apart from the other
// series of that metric shown beside it — "latency (script 0)", or just "latency" when the run
// has one latency series or its tags are the same on all of them.

export interface NamedSeries {
  name: string;
  labels: Record<string, string>;
}

/** The names of series shown together (`all`): give it any one of them. */
export function seriesNamer(all: readonly NamedSeries[]): (series: NamedSeries) => string {
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
      .map((k) => `${k} ${series.labels[k]}`);
    return tags.length > 0 ? `${series.name} (${tags.join(', ')})` : series.name;
  };
}
