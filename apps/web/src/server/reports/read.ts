// Reading a report: one version's snapshot (the latest unless asked), the list of versions, and
// what the viewer may do. Everything a reader sees comes from the stored snapshot.
import type { PrismaClient } from '@levelfield/db/client';
import { TRPCError } from '@trpc/server';
import { permissionsOf } from '../access.ts';
import { requireReport } from './access.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { snapshotSha256 } from './snapshot.ts';

export function versionNotFound(slug: string, version: number): TRPCError {
  return new TRPCError({
    code: 'NOT_FOUND',
    message: `Report ${slug} has no version ${version}. Leave the version out to read the latest.`,
  });
}

export async function getReport(db: PrismaClient, viewerId: string | null, slug: string, version?: number) {
  const { report, role } = await requireReport(db, viewerId, slug, 'view');
  const versions = await db.reportVersion.findMany({
    where: { reportId: report.id },
    orderBy: { version: 'desc' },
    select: {
      version: true,
      title: true,
      sha256: true,
      publishedAt: true,
      publishedBy: { select: { name: true, email: true } },
    },
  });
  const wanted = version ?? versions[0]?.version;
  if (wanted === undefined) throw versionNotFound(slug, 1);
  const row = await db.reportVersion.findUnique({
    where: { reportId_version: { reportId: report.id, version: wanted } },
    select: { version: true, title: true, sha256: true, publishedAt: true, snapshot: true },
  });
  if (!row) throw versionNotFound(slug, wanted);
  return {
    slug: report.slug,
    visibility: report.visibility,
    org: report.comparison.project.organization,
    /** Members may open the live comparison behind the report; readers see only the snapshot. */
    comparisonSlug: role ? report.comparison.slug : null,
    permissions: permissionsOf(role),
    version: { ...row, snapshot: row.snapshot as unknown as ReportSnapshot },
    latest: versions[0]?.version ?? row.version,
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      sha256: v.sha256,
      publishedAt: v.publishedAt,
      // The publisher's name is part of the snapshot; this list only repeats it.
      publishedBy: v.publishedBy?.name ?? v.publishedBy?.email ?? null,
    })),
  };
}
export type ReportView = Awaited<ReturnType<typeof getReport>>;

export interface Verification {
  slug: string;
  version: number;
  sha256: string;
  valid: boolean;
}

/** Recomputes the hash of the stored snapshot and compares it with the hash recorded at publication. */
export async function verifyReport(
  db: PrismaClient,
  viewerId: string | null,
  slug: string,
  version?: number,
): Promise<Verification> {
  const { report } = await requireReport(db, viewerId, slug, 'view');
  const row = await db.reportVersion.findFirst({
    where: { reportId: report.id, ...(version !== undefined ? { version } : {}) },
    orderBy: { version: 'desc' },
    select: { version: true, sha256: true, snapshot: true },
  });
  if (!row) throw versionNotFound(slug, version ?? 1);
  return {
    slug: report.slug,
    version: row.version,
    sha256: row.sha256,
    valid: snapshotSha256(row.snapshot) === row.sha256,
  };
}

/** Reports an organization lists on its public page: public ones, latest version each. */
export async function publicReports(db: PrismaClient, orgSlug: string) {
  const reports = await db.report.findMany({
    where: { visibility: 'public', comparison: { project: { organization: { slug: orgSlug } } } },
    select: {
      slug: true,
      versions: {
        orderBy: { version: 'desc' },
        take: 1,
        select: { version: true, title: true, publishedAt: true },
      },
    },
    orderBy: { createdAt: 'desc' },
  });
  return reports.flatMap((r) => (r.versions[0] ? [{ slug: r.slug, ...r.versions[0] }] : []));
}
