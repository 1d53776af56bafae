// What changed between two versions of a report, in words a reader can check (pure): the title
// and description, headline cells, check states and decisions, entries and runs, each run's
// provenance, disclosure and published values, and — summarised, not point by point — its chart
// data. Shown on the report page when two versions are chosen.
import 'server-only';
import type { ReportSnapshot, SnapshotRun } from './snapshot.ts';

export interface SnapshotChange {
  section: 'report' | 'table' | 'checks' | 'entries' | 'provenance' | 'disclosure' | 'values' | 'charts';
  /** Where, e.g. "tpmC › CockroachDB" or "CockroachDB › run 1 › hardware.cpu". */
  label: string;
  before: string | null;
  after: string | null;
}

type Leaves = Map<string, string>;

/** Leaf values of a JSON value by dotted path (array items by index), as JSON text. */
function leaves(value: unknown, prefix = '', out: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object') {
    const items = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of items) leaves(v, prefix ? `${prefix}.${k}` : k, out);
    if (items.length === 0 && prefix) out.set(prefix, Array.isArray(value) ? '[]' : '{}');
  } else if (value !== undefined) {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

/** Provenance fields read as "path: value" (origin kept: declared → captured is a change too). */
function fieldLeaves(value: unknown): Leaves {
  const out: Leaves = new Map();
  for (const [path, text] of leaves(value)) {
    // {value, origin, source, quality} fields: keep the value under the field's own path.
    const field = path.replace(/\.value$/, '');
    out.set(field === path ? path : field, text);
  }
  return out;
}

function compareLeaves(
  section: SnapshotChange['section'],
  where: string,
  a: Leaves,
  b: Leaves,
  out: SnapshotChange[],
): void {
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const before = a.get(path) ?? null;
    const after = b.get(path) ?? null;
    if (before !== after) out.push({ section, label: `${where} › ${path}`, before, after });
  }
}

function cellText(cell: ReportSnapshot['headline'][number]['cells'][number] | undefined): string | null {
  if (!cell) return null;
  return cell.text ?? (cell.value === null ? null : String(cell.value));
}

function checkText(check: ReportSnapshot['checks'][number] | undefined): string | null {
  if (!check) return null;
  const decided = check.decision ? ` (${check.decision.decision}: ${check.decision.justification})` : '';
  return `${check.state}${decided}`;
}

function chartFingerprint(run: SnapshotRun): string {
  return JSON.stringify([run.timelines, run.spectra, run.histograms]);
}

export function snapshotChanges(a: ReportSnapshot, b: ReportSnapshot): SnapshotChange[] {
  const out: SnapshotChange[] = [];
  const text = (
    section: SnapshotChange['section'],
    label: string,
    before: string | null,
    after: string | null,
  ) => {
    if (before !== after) out.push({ section, label, before, after });
  };
  text('report', 'Title', a.report.title, b.report.title);
  text('report', 'Description', a.comparison.description, b.comparison.description);
  const baseline = (s: ReportSnapshot) => s.entries[s.comparison.baseline]?.label ?? null;
  text('report', 'Baseline', baseline(a), baseline(b));

  const labels = [...new Set([...a.entries, ...b.entries].map((e) => e.label))];
  const rows = new Map(a.headline.map((r) => [r.key, r]));
  const rowsB = new Map(b.headline.map((r) => [r.key, r]));
  for (const key of [...new Set([...rows.keys(), ...rowsB.keys()])]) {
    const ra = rows.get(key);
    const rb = rowsB.get(key);
    for (const label of labels) {
      const ia = a.entries.findIndex((e) => e.label === label);
      const ib = b.entries.findIndex((e) => e.label === label);
      text(
        'table',
        `${(rb ?? ra)?.label ?? key} › ${label}`,
        cellText(ia >= 0 ? ra?.cells[ia] : undefined),
        cellText(ib >= 0 ? rb?.cells[ib] : undefined),
      );
    }
  }

  const checks = new Map(a.checks.map((c) => [c.id, c]));
  for (const c of b.checks) text('checks', `${c.id} ${c.title}`, checkText(checks.get(c.id)), checkText(c));
  for (const c of a.checks)
    if (!b.checks.some((x) => x.id === c.id)) text('checks', `${c.id} ${c.title}`, checkText(c), null);

  for (const label of labels) {
    const ea = a.entries.find((e) => e.label === label);
    const eb = b.entries.find((e) => e.label === label);
    const runsA = new Map((ea?.runs ?? []).map((r) => [r.id, r]));
    const runsB = new Map((eb?.runs ?? []).map((r) => [r.id, r]));
    for (const id of [...new Set([...runsA.keys(), ...runsB.keys()])]) {
      const ra = runsA.get(id);
      const rb = runsB.get(id);
      const where = `${label} › ${(rb ?? ra)?.name ?? id}`;
      if (!ra || !rb) {
        text('entries', where, ra ? 'included' : null, rb ? 'included' : null);
        continue;
      }
      compareLeaves('provenance', where, fieldLeaves(ra.provenance), fieldLeaves(rb.provenance), out);
      compareLeaves('disclosure', where, leaves(ra.disclosure), leaves(rb.disclosure), out);
      compareLeaves('values', where, leaves(ra.values), leaves(rb.values), out);
      text('entries', `${where} › status`, ra.status, rb.status);
      if (chartFingerprint(ra) !== chartFingerprint(rb))
        text('charts', `${where} › chart data`, 'as in the earlier version', 'changed');
    }
  }
  return out;
}
