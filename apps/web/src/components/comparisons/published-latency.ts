// Latency percentiles as a publication prints them (p50 … p99 per transaction and end point),
// grouped so each group can be drawn on the percentile axis of a spectrum chart: a comparison or
// report of published results has no measured spectra, and these are its latency curve.
import type { SpectrumLine } from './comparison-charts';

/** A headline row as these groups read it: published latencies are keyed latency:<labels>. */
interface Row {
  key: string;
  group: string;
  unit: string;
  cells: readonly { value: number | null }[];
}

/** One set of published latency percentiles a reader can choose (a transaction and end point). */
export interface LatencyChoice {
  /** For ?latency=, e.g. "new-order-complete". */
  id: string;
  title: string;
}

/** "p50" → 50, "p999" → 99.9, "p995" → 99.5, "p99.9" → 99.9; max, mean, p100 have no place on the axis. */
export function percentileOf(text: string): number | null {
  const m = /^p(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  const digits = m[1]!;
  // Written without a point, digits past "99" are decimals (p999 is the 99.9th percentile).
  const value = /^99\d+$/.test(digits) ? Number(`99.${digits.slice(2)}`) : Number(digits);
  return value > 0 && value < 100 ? value : null;
}

/** "latency:endPoint=complete,percentile=p50,transaction=New Order" → its labels. */
function latencyLabels(key: string): Record<string, string> | null {
  if (!key.startsWith('latency:')) return null;
  const labels: Record<string, string> = {};
  for (const part of key.slice('latency:'.length).split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    labels[part.slice(0, at)] = part.slice(at + 1);
  }
  return labels;
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface LatencyGroup extends LatencyChoice {
  lines: SpectrumLine[];
  /** Every entry has a line. */
  complete: boolean;
}

/** Published latency rows grouped by everything but the percentile, in the order printed. */
export function publishedLatencyGroups(
  headline: readonly Row[],
  entries: readonly { label: string }[],
): LatencyGroup[] {
  const groups = new Map<string, { title: string; rows: { percentile: number; row: Row }[] }>();
  for (const row of headline) {
    if (row.group !== 'latency') continue;
    const labels = latencyLabels(row.key);
    const percentile = labels?.percentile ? percentileOf(labels.percentile) : null;
    if (!labels || percentile === null) continue;
    const { percentile: _p, transaction, ...rest } = labels;
    const title = [transaction, ...Object.values(rest)].filter(Boolean).join(' · ');
    const group = groups.get(title) ?? { title, rows: [] };
    group.rows.push({ percentile, row });
    groups.set(title, group);
  }
  return [...groups.values()].flatMap(({ title, rows }) => {
    const sorted = [...rows].sort((a, b) => a.percentile - b.percentile);
    const lines = entries.flatMap((entry, i) => {
      const spectrum = sorted.flatMap(({ percentile, row }) => {
        const value = row.cells[i]?.value;
        return typeof value === 'number' ? [{ percentile, value }] : [];
      });
      return spectrum.length >= 2 ? [{ title: entry.label, unit: sorted[0]!.row.unit, spectrum }] : [];
    });
    if (lines.length === 0) return [];
    return [
      {
        id: slugOf(title) || 'all',
        title: title || 'all requests',
        lines,
        complete: lines.length === entries.length,
      },
    ];
  });
}

/** The group a reader asked for (its id), else the first every entry prints, else the first. */
export function chosenLatencyGroup<G extends LatencyGroup>(
  groups: readonly G[],
  id: string | null | undefined,
) {
  return groups.find((g) => g.id === id) ?? groups.find((g) => g.complete) ?? groups[0];
}
