// Who may do what with a report. The report's own visibility decides who may read it (a public
// report of a private project is readable by anyone; a private report of a public project only
// by members); every other action needs the role in the comparison's organization, exactly as
// for the comparison itself (access.ts decides both).
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { type Action, decide, denialError, type Role } from '../access.ts';
import { orgRole } from '../access-checks.ts';
import { openableBy, type Reader, runPlaces } from '../runs/reach.ts';
import type { ReportSnapshot } from './snapshot.ts';

export function reportNotFound(): AppError {
  return denialError('NOT_FOUND', 'This report', 'view', null, '');
}

const reportSelect = {
  id: true,
  slug: true,
  visibility: true,
  createdAt: true,
  comparison: {
    select: {
      id: true,
      slug: true,
      projectId: true,
      project: { select: { organizationId: true, organization: { select: { slug: true, name: true } } } },
    },
  },
} as const;

export interface ReportAccess {
  report: {
    id: string;
    slug: string;
    visibility: 'private' | 'unlisted' | 'public';
    createdAt: Date;
    comparison: {
      id: string;
      slug: string;
      projectId: string;
      project: { organizationId: string; organization: { slug: string; name: string } };
    };
  };
  /** null: not a member of the report's organization */
  role: Role | null;
}

/** The report, if the viewer may do `action` on it; NOT_FOUND also for private reports of others. */
export async function requireReport(
  db: PrismaClient,
  viewerId: string | null,
  slug: string,
  action: Action,
): Promise<ReportAccess> {
  const report = await db.report.findUnique({ where: { slug }, select: reportSelect });
  if (!report) throw reportNotFound();
  const org = report.comparison.project;
  const role = await orgRole(db, viewerId, org.organizationId);
  const decision = decide({ role, signedIn: viewerId !== null, visibility: report.visibility, action });
  if (decision === 'allow') return { report, role };
  throw denialError(decision, 'This report', action, role, org.organization.slug);
}

/** How many of a version's runs are of another organization and no longer open to the reader. */
export async function foreignRunsGone(
  db: PrismaClient,
  reader: Reader,
  organizationId: string,
  runIds: readonly string[],
): Promise<number> {
  const places = await runPlaces(db, runIds);
  const foreign = runIds.filter((id) => places.get(id)?.organizationId !== organizationId);
  if (foreign.length === 0) return 0;
  const open = await openableBy(db, reader)(foreign);
  return foreign.filter((id) => !open.has(id)).length;
}

/**
 * A published version holds copies of runs. Runs of the report's own organization were published
 * by it; a run of another organization was included because it was public then, and stays in
 * the version only while the reader could still open it (its owner may have made it private since,
 * or removed it). Otherwise the whole version is withheld: its checks, table and diff are built
 * from that run too, so no part of it can be shown without it.
 */
export async function requireRunsStillShared(
  db: PrismaClient,
  reader: Reader,
  organizationId: string,
  snapshot: ReportSnapshot,
  version: number,
): Promise<void> {
  const gone = await foreignRunsGone(
    db,
    reader,
    organizationId,
    snapshot.entries.flatMap((e) => e.runs.map((r) => r.id)),
  );
  if (gone === 0) return;
  throw new AppError(
    'NOT_FOUND',
    `Version ${version} of this report is withheld: it includes ${gone} run${gone === 1 ? '' : 's'} of another ` +
      'organization that its owner no longer shares with you. Read another version, or ask the publisher to publish a new one.',
  );
}
