// Who may do what with a report. The report's own visibility decides who may read it (a public
// report of a private project is readable by anyone; a private report of a public project only
// by members); every other action needs the role in the comparison's organization, exactly as
// for the comparison itself (access.ts decides both).
import type { PrismaClient } from '@levelfield/db/client';
import type { TRPCError } from '@trpc/server';
import { type Action, decide, denialError, orgRole, type Role } from '../access.ts';

export function reportNotFound(): TRPCError {
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
