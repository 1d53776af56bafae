// The public gallery at /gallery: the latest version of every public report, newest first, for
// anyone. Everything a card shows is read from the published snapshot, never from the live
// comparison behind it (which may belong to a private project): the title, the systems and
// benchmarks of its runs, the sides, the first headline ratio and the flagged checks.
// The snapshot is large (histograms, time lines), so PostgreSQL extracts those few paths.
// A version the reader may not read because it holds another organization's run that is no
// longer shared with them (reports/access.ts) is listed by its title only, as the overview lists it.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { GALLERY_PAGE_SIZE, type GalleryQuery } from '~/lib/comparisons-query';
import { escapeLike } from '~/lib/like';
import { systemLabel } from '~/lib/system-names';
import { foreignRunsGone } from './access.ts';
import type { ReportSnapshot } from './snapshot.ts';

interface GalleryRow {
  slug: string;
  organizationId: string;
  runIds: string[];
  version: number;
  title: string;
  publishedAt: Date;
  orgSlug: string;
  orgName: string;
  systems: (string | null)[];
  benchmarks: unknown[];
  sides: string[];
  states: string[];
  headline: ReportSnapshot['headline'] | null;
  total: bigint;
}

/** "Throughput (tpmC): 2.3× higher" — the first headline row that has a ratio, or null. */
function headlineFigure(headline: ReportSnapshot['headline'] | null): string | null {
  for (const row of headline ?? []) {
    const ratio = row.ratios.find((r) => r !== null);
    if (ratio) return `${row.label}: ${ratio.text}`;
  }
  return null;
}

/** A gallery card: a withheld version shows its title and where it is, nothing it holds. */
export type GalleryCard = {
  slug: string;
  version: number;
  title: string;
  publishedAt: Date;
  org: { slug: string; name: string };
} & (
  | {
      withheld: false;
      sides: string[];
      systems: string[];
      benchmarks: string[];
      headline: string | null;
      flagged: number;
    }
  | { withheld: true }
);

export async function gallery(db: PrismaClient, viewerId: string | null, query: GalleryQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const offset = (query.page - 1) * GALLERY_PAGE_SIZE;
  const rows = await db.$queryRaw<GalleryRow[]>`
    WITH latest AS (
      SELECT DISTINCT ON (v.report_id)
        r.slug, v.version, v.title, v.published_at AS "publishedAt",
        o.slug AS "orgSlug", o.name AS "orgName", p.organization_id AS "organizationId",
        jsonb_path_query_array(v.snapshot, '$.entries[*].runs[*].id') AS "runIds",
        jsonb_path_query_array(v.snapshot, '$.entries[*].runs[*].system') AS systems,
        jsonb_path_query_array(v.snapshot, '$.entries[*].runs[*].provenance.run.benchmark.value') AS benchmarks,
        jsonb_path_query_array(v.snapshot, '$.entries[*].label') AS sides,
        jsonb_path_query_array(v.snapshot, '$.checks[*].state') AS states,
        v.snapshot -> 'headline' AS headline
      FROM reports r
      JOIN report_versions v ON v.report_id = r.id
      JOIN comparisons c ON c.id = r.comparison_id
      JOIN projects p ON p.id = c.project_id
      JOIN organizations o ON o.id = p.organization_id
      WHERE r.visibility = 'public'
      ORDER BY v.report_id, v.version DESC
    )
    SELECT *, count(*) OVER () AS total FROM latest
    WHERE ${pattern}::text IS NULL
       OR title ILIKE ${pattern} OR slug ILIKE ${pattern} OR systems::text ILIKE ${pattern}
       OR benchmarks::text ILIKE ${pattern} OR sides::text ILIKE ${pattern}
    ORDER BY "publishedAt" DESC, slug
    LIMIT ${GALLERY_PAGE_SIZE} OFFSET ${offset}`;
  const withheld = await Promise.all(
    rows.map(async (r) => (await foreignRunsGone(db, { userId: viewerId }, r.organizationId, r.runIds)) > 0),
  );
  const distinct = (xs: readonly unknown[]) => [
    ...new Set(xs.filter((x): x is string => typeof x === 'string' && x !== '')),
  ];
  return {
    total: Number(rows[0]?.total ?? 0),
    pageSize: GALLERY_PAGE_SIZE,
    reports: rows.flatMap((r, i): GalleryCard[] => {
      const listed = {
        slug: r.slug,
        version: r.version,
        title: r.title,
        publishedAt: r.publishedAt,
        org: { slug: r.orgSlug, name: r.orgName },
      };
      if (!withheld[i])
        return [
          {
            ...listed,
            withheld: false,
            sides: r.sides,
            systems: distinct(r.systems.map((s) => (s ? systemLabel(s) : null))),
            benchmarks: distinct(r.benchmarks),
            headline: headlineFigure(r.headline),
            flagged: r.states.filter((s) => s === 'flag').length,
          },
        ];
      // Found by what it withholds (a system, a side), it would tell the searcher what that is.
      const q = query.q?.toLowerCase();
      const byName = !q || r.title.toLowerCase().includes(q) || r.slug.toLowerCase().includes(q);
      return byName ? [{ ...listed, withheld: true }] : [];
    }),
  };
}

export type GalleryPage = Awaited<ReturnType<typeof gallery>>;
