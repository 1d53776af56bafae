// Reading a report: one version's snapshot (the latest unless asked), the list of versions, and
// what the viewer may do. Everything a reader sees comes from the stored snapshot.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { displayName } from '~/server/people';
import { permissionsOf } from '../access.ts';
import { requireReport, requireRunsStillShared } from './access.ts';
import type { ReportSnapshot } from './snapshot.ts';
import { snapshotSha256, versionSha256 } from './snapshot.ts';

export function versionNotFound(slug: string, version: number): AppError {
  return new AppError(
    'NOT_FOUND',
    `Report ${slug} has no version ${version}. Leave the version out to read the latest.`,
  );
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
      publishedBy: { select: { name: true } },
    },
  });
  const wanted = version ?? versions[0]?.version;
  if (wanted === undefined) throw versionNotFound(slug, 1);
  const row = await db.reportVersion.findUnique({
    where: { reportId_version: { reportId: report.id, version: wanted } },
    select: { version: true, title: true, sha256: true, publishedAt: true, snapshot: true },
  });
  if (!row) throw versionNotFound(slug, wanted);
  const snapshot = row.snapshot as unknown as ReportSnapshot;
  await requireRunsStillShared(
    db,
    { userId: viewerId },
    report.comparison.project.organizationId,
    snapshot,
    row.version,
  );
  return {
    slug: report.slug,
    visibility: report.visibility,
    org: report.comparison.project.organization,
    /** Members may open the live comparison behind the report; readers see only the snapshot. */
    comparisonSlug: role ? report.comparison.slug : null,
    permissions: permissionsOf(role),
    version: { ...row, snapshot },
    latest: versions[0]?.version ?? row.version,
    versions: versions.map((v) => ({
      version: v.version,
      title: v.title,
      sha256: v.sha256,
      publishedAt: v.publishedAt,
      // The publisher's name is part of the snapshot; this list only repeats it.
      publishedBy: v.publishedBy ? displayName(v.publishedBy) : null,
    })),
  };
}
export type ReportView = Awaited<ReturnType<typeof getReport>>;

export interface Verification {
  slug: string;
  version: number;
  sha256: string;
  /** The hash of the version before, which this version's hash covers; null for version 1. */
  prevSha256: string | null;
  /** Every version of the report re-hashes to its stored hash and links to the one before. */
  valid: boolean;
  /** Otherwise the first version that does not, and why. */
  broken: ChainBreak | null;
}

export interface ChainBreak {
  version: number;
  reason: string;
}

type StoredVersion = { version: number; sha256: string; prevSha256: string | null; snapshot: unknown };

/**
 * The first version, from version 1 on, whose stored hash is not what its snapshot and the hash
 * of the version before it give, or that does not record that hash (snapshot.ts: versionSha256).
 */
function firstBreak(chain: StoredVersion[]): ChainBreak | null {
  let previous: StoredVersion | undefined;
  for (const [index, row] of chain.entries()) {
    const expected = index + 1;
    if (row.version !== expected)
      return { version: expected, reason: `version ${expected} is missing: it was deleted` };
    if (previous && row.prevSha256 !== previous.sha256)
      return {
        version: row.version,
        reason:
          `it does not link to version ${previous.version}: it records ${row.prevSha256 ?? 'no hash'} as ` +
          `that version's hash, but version ${previous.version} now has ${previous.sha256}; one of them was replaced`,
      };
    if (!previous && row.prevSha256 !== null)
      return { version: row.version, reason: 'it is the first version, yet it records a previous hash' };
    const rehashed = versionSha256(row.prevSha256, snapshotSha256(row.snapshot));
    if (rehashed !== row.sha256)
      return {
        version: row.version,
        reason: `it re-hashes to ${rehashed}, not to its stored ${row.sha256}: its snapshot or its hash was altered`,
      };
    previous = row;
  }
  return null;
}

/**
 * Recomputes the hash chain of the report and answers for one version (the latest unless asked).
 * The whole chain is checked, not only up to the asked version: a version replaced by DELETE +
 * INSERT re-hashes fine on its own, and only the next version's link shows it.
 */
export async function verifyReport(
  db: PrismaClient,
  viewerId: string | null,
  slug: string,
  version?: number,
): Promise<Verification> {
  const { report } = await requireReport(db, viewerId, slug, 'view');
  const chain = await db.reportVersion.findMany({
    where: { reportId: report.id },
    orderBy: { version: 'asc' },
    select: { version: true, sha256: true, prevSha256: true, snapshot: true },
  });
  const row = version === undefined ? chain.at(-1) : chain.find((v) => v.version === version);
  if (!row) throw versionNotFound(slug, version ?? 1);
  const broken = firstBreak(chain);
  return {
    slug: report.slug,
    version: row.version,
    sha256: row.sha256,
    prevSha256: row.prevSha256,
    valid: broken === null,
    broken,
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
