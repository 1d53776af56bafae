// A report's snapshot: everything its page, embeds and downloads show, frozen at publication —
// the headline table, the checks with reviewers' decisions, chart data, each run's provenance,
// disclosure and published values, and per latency series the whole-run merged histogram (for
// the HdrHistogram log download). Built from the comparison exactly as its page shows it, then
// normalised to plain JSON so the stored value, the served value and the hashed value are one.
//
// Nothing outside the snapshot reaches a report reader: pages, embeds and downloads read only
// this (tested by the anonymous crawl in e2e/reports.spec.ts).
import 'server-only';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@levelfield/contracts/canonical';
import type { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import type { PublishedValue } from '@levelfield/fairness';
import type { LoadedComparison } from '../comparisons/input.ts';
import type { ComparisonView } from '../comparisons/view.ts';

export const SNAPSHOT_FORMAT = 'levelfield.report/v1';

type ViewRun = ComparisonView['entries'][number]['runs'][number];

export interface SnapshotRun extends Omit<ViewRun, 'startedAt' | 'endedAt' | 'timelines'> {
  startedAt: string;
  endedAt: string | null;
  system: string | null;
  provenance: Provenance;
  disclosure: Disclosure;
  values: PublishedValue[];
  /** Time lines without the heatmap (the report draws spectra and throughput, not heatmaps). */
  timelines: Omit<ViewRun['timelines'][number], 'heatmap'>[];
  /** Whole-run merged histogram per latency series (V2 compressed, base64), warm-up excluded. */
  histograms: { seriesId: string; name: string; unit: string; histogram: string }[];
}

export interface ReportSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  report: { slug: string; version: number; title: string; publishedAt: string; publishedBy: string | null };
  comparison: { slug: string; title: string; description: string | null; project: string; baseline: number };
  entries: { label: string; position: number; runs: SnapshotRun[] }[];
  /** Runs left out because the publisher may not publish them (absent in versions before it existed). */
  withheld?: ComparisonView['withheld'];
  headline: ComparisonView['headline'];
  checks: ComparisonView['checks'];
  history: ComparisonView['history'];
  confounding: ComparisonView['confounding'];
  provenanceDiff: ComparisonView['provenanceDiff'];
  sweep: ComparisonView['sweep'];
  /** Links to related reports (the leveled variant pattern), only to reports anyone may read. */
  related: { relation: 'leveled-from' | 'leveled-variant'; slug: string; title: string }[];
}

export interface SnapshotInput {
  report: ReportSnapshot['report'];
  view: ComparisonView;
  /** Loaded with `withHistograms`: each latency series' range carries its merged histogram. */
  loaded: LoadedComparison;
  related: ReportSnapshot['related'];
}

/** Pure: the snapshot of a comparison as loaded now. */
export function buildSnapshot({ report, view, loaded, related }: SnapshotInput): ReportSnapshot {
  const snapshot: ReportSnapshot = {
    format: SNAPSHOT_FORMAT,
    report,
    comparison: {
      slug: view.comparison.slug,
      title: view.comparison.title,
      description: view.comparison.description,
      project: `${view.project.org}/${view.project.slug}`,
      baseline: view.comparison.baseline,
    },
    entries: view.entries.map((entry, e) => ({
      label: entry.label,
      position: entry.position,
      runs: entry.runs.map((run, r) => {
        const data = loaded.entries[e]?.runs[r];
        const input = loaded.input.entries[e]?.runs[r];
        if (!data || !input || data.run.id !== run.id)
          throw new Error(`snapshot: run ${run.id} of entry ${entry.label} is missing from the loaded data`);
        const names = new Map(run.timelines.map((t) => [t.seriesId, t]));
        return {
          ...run,
          startedAt: run.startedAt.toISOString(),
          endedAt: run.endedAt?.toISOString() ?? null,
          system: data.run.system?.name ?? null,
          provenance: input.provenance,
          disclosure: input.disclosure,
          values: input.values ?? [],
          timelines: run.timelines.map(({ heatmap: _heatmap, ...t }) => t),
          histograms: data.ranges.flatMap((s) => {
            const series = names.get(s.seriesId);
            return s.histogram && series
              ? [{ seriesId: s.seriesId, name: series.name, unit: series.unit, histogram: s.histogram }]
              : [];
          }),
        };
      }),
    })),
    ...(view.withheld.length > 0 ? { withheld: view.withheld } : {}),
    headline: view.headline,
    checks: view.checks,
    history: view.history,
    confounding: view.confounding,
    provenanceDiff: view.provenanceDiff,
    sweep: view.sweep,
    related,
  };
  // Plain JSON from here on: what PostgreSQL stores and the API serves is exactly what is hashed.
  return JSON.parse(JSON.stringify(snapshot)) as ReportSnapshot;
}

/** SHA-256 (hex) over the canonical serialisation (packages/contracts/src/canonical.ts). */
export function snapshotSha256(snapshot: unknown): string {
  return createHash('sha256').update(canonicalJson(snapshot), 'utf8').digest('hex');
}

/**
 * A version's own hash, which chains it to the version before: the SHA-256 (hex) over the
 * canonical serialisation of {previousSha256, snapshotSha256}, i.e. the UTF-8 bytes
 * `{"previousSha256":null,"snapshotSha256":"3f…"}` for version 1 and
 * `{"previousSha256":"9a…","snapshotSha256":"c2…"}` after it. Replacing or altering a version
 * therefore changes the hash its successor recorded. The migration that chained the versions
 * published before (packages/db/prisma/migrations/20261125070100_report_version_chain) writes the
 * same bytes; docs/reports.md shows how to recompute it.
 */
export function versionSha256(previousSha256: string | null, snapshotHash: string): string {
  return snapshotSha256({ previousSha256, snapshotSha256: snapshotHash });
}
