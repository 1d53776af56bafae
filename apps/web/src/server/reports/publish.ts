// Publishing: freeze the comparison as it is now into a new immutable report version.
// The snapshot is built outside the transaction (loading runs can take a while); the version
// number is taken under a row lock on the report, so two concurrent publishes get 1 and 2, never
// the same number. Each version's hash covers the latest version's (a hash chain, which the
// database enforces too). Publishing what the latest version already says creates nothing.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import type { PublishReport } from '~/lib/schemas/reports';
import { displayName } from '~/server/people';
import { assembleComparison, requireComparison } from '../comparisons/view.ts';
import { publishableBy } from '../runs/reach.ts';
import { allocateSlug, reportSlugTaken, slugAfterVisibility } from '../unguessable-slug.ts';
import { buildSnapshot, type ReportSnapshot, snapshotSha256, versionSha256 } from './snapshot.ts';

export interface PublishResult {
  slug: string;
  version: number;
  sha256: string;
  /** true: nothing changed since the latest version, so no version was added */
  unchanged: boolean;
}

/** Whether two snapshots say the same thing (their report metadata aside). */
function sameContent(a: ReportSnapshot, b: ReportSnapshot): boolean {
  const { report: ra, ...restA } = a;
  const { report: rb, ...restB } = b;
  return ra.title === rb.title && snapshotSha256(restA) === snapshotSha256(restB);
}

/**
 * Public reports of the comparison this one levels, and of the variants that level it within the
 * same organization (another organization's variant never writes itself into this report).
 */
async function relatedReports(db: PrismaClient, comparisonId: string): Promise<ReportSnapshot['related']> {
  const comparison = await db.comparison.findUniqueOrThrow({
    where: { id: comparisonId },
    select: { leveledFromId: true, project: { select: { organizationId: true } } },
  });
  const reports = await db.report.findMany({
    where: {
      visibility: 'public',
      comparison: {
        OR: [
          ...(comparison.leveledFromId ? [{ id: comparison.leveledFromId }] : []),
          { leveledFromId: comparisonId, project: { organizationId: comparison.project.organizationId } },
        ],
      },
    },
    select: {
      slug: true,
      comparisonId: true,
      versions: { orderBy: { version: 'desc' }, take: 1, select: { title: true } },
    },
    orderBy: { slug: 'asc' },
  });
  return reports.flatMap((r) =>
    r.versions[0]
      ? [
          {
            relation:
              r.comparisonId === comparison.leveledFromId
                ? ('leveled-from' as const)
                : ('leveled-variant' as const),
            slug: r.slug,
            title: r.versions[0].title,
          },
        ]
      : [],
  );
}

export async function publishReport(
  db: PrismaClient,
  viewerId: string | null,
  input: PublishReport,
): Promise<PublishResult> {
  const access = await requireComparison(db, viewerId, input.comparison, 'publish');
  const { comparison } = access;
  const existing = await db.report.findFirst({
    where: { comparisonId: comparison.id },
    orderBy: { createdAt: 'asc' },
    select: { id: true, slug: true },
  });
  if (existing && input.slug && input.slug !== existing.slug)
    throw new AppError(
      'VALIDATION_FAILED',
      `This comparison is already published as /r/${existing.slug}; a report keeps its slug, so leave the slug out to publish a new version.`,
      'slug',
    );
  const asked = input.slug ?? comparison.slug;
  // A report published again as no longer public leaves the slug it was public under.
  const slug = existing
    ? await slugAfterVisibility(existing.slug, input.visibility, reportSlugTaken(db))
    : await allocateSlug(
        asked,
        input.visibility,
        reportSlugTaken(db),
        `The report slug "${asked}" is taken (slugs are unique across the installation). Choose another slug.`,
      );

  // Only runs the publisher may publish go in; the others are withheld and the snapshot says so.
  const { view, loaded } = await assembleComparison(
    db,
    access,
    { userId: viewerId },
    { withHistograms: true, visible: publishableBy(db, viewerId as string) },
  );
  const related = await relatedReports(db, comparison.id);
  const publisher = viewerId
    ? await db.user.findUnique({ where: { id: viewerId }, select: { name: true } })
    : null;
  const title = input.title ?? comparison.title;

  return db.$transaction(async (tx) => {
    const report =
      existing ??
      (await tx.report.create({
        data: { comparisonId: comparison.id, slug, visibility: input.visibility },
        select: { id: true, slug: true },
      }));
    await tx.$queryRaw`SELECT id FROM reports WHERE id = ${report.id} FOR UPDATE`;
    const latest = await tx.reportVersion.findFirst({
      where: { reportId: report.id },
      orderBy: { version: 'desc' },
      select: { version: true, snapshot: true, sha256: true },
    });
    const version = (latest?.version ?? 0) + 1;
    const publishedAt = new Date();
    const snapshot = buildSnapshot({
      report: {
        slug,
        version,
        title,
        publishedAt: publishedAt.toISOString(),
        publishedBy: publisher ? displayName(publisher) : null,
      },
      view,
      loaded,
      related,
    });
    await tx.report.update({ where: { id: report.id }, data: { visibility: input.visibility, slug } });
    if (latest && sameContent(latest.snapshot as unknown as ReportSnapshot, snapshot))
      return { slug, version: latest.version, sha256: latest.sha256, unchanged: true };
    const prevSha256 = latest?.sha256 ?? null;
    const sha256 = versionSha256(prevSha256, snapshotSha256(snapshot));
    await tx.reportVersion.create({
      data: {
        reportId: report.id,
        version,
        title,
        snapshot: snapshot as object,
        sha256,
        prevSha256,
        publishedById: viewerId,
        publishedAt,
      },
    });
    return { slug, version, sha256, unchanged: false };
  });
}
