// What a report's Open Graph image says (pure, unit-tested): title, organization, the first
// headline row per entry with its ratio, and the fairness flags. Text is reduced to what the
// bundled font draws: a missing glyph would make next/og fetch a font from the network, which an
// offline installation cannot reach.
import { carriesUnit, formatFigure } from '~/lib/format';
import type { ReportSnapshot } from '~/server/reports/snapshot';

// Geist (next/og's bundled font) covers Basic Latin, Latin-1, Latin Extended-A, Cyrillic and the
// common punctuation below; everything else is replaced.
const DRAWABLE =
  /[\u0020-\u007e\u00a0-\u017e\u0400-\u045f\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2032\u2033\u2039\u203a\u20ac\u2122\u2190-\u2199\u2212\u2248\u2260\u2264\u2265]/u;

export function drawable(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => (DRAWABLE.test(ch) ? ch : ch.trim() === '' ? ' ' : '?'))
    .join('');
}

export interface OgSummary {
  title: string;
  org: string;
  version: number;
  /** The first headline row: its label and per entry the value and the ratio to the baseline. */
  headline: { metric: string; cells: { entry: string; value: string; ratio: string | null }[] } | null;
  flags: number;
  waived: number;
  checks: number;
}

export function ogSummary(snapshot: ReportSnapshot, org: string): OgSummary {
  const row = snapshot.headline[0];
  const flagged = snapshot.checks.filter((c) => c.state === 'flag');
  const waived = flagged.filter((c) => c.decision?.decision === 'waived').length;
  return {
    title: drawable(snapshot.report.title),
    org: drawable(org),
    version: snapshot.report.version,
    headline: row
      ? {
          metric: drawable(
            row.unit && row.unit !== row.label && !carriesUnit(row.unit)
              ? `${row.label} (${row.unit})`
              : row.label,
          ),
          cells: snapshot.entries.map((e, i) => {
            const cell = row.cells[i];
            const value = cell ? formatFigure(cell, row.unit) : '—';
            return { entry: drawable(e.label), value: drawable(value), ratio: row.ratios[i]?.text ?? null };
          }),
        }
      : null,
    flags: flagged.length - waived,
    waived,
    checks: snapshot.checks.length,
  };
}
