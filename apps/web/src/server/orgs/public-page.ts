// An organization's public face (/o/{org}): its public reports and public projects, for anyone.
// An organization with nothing public does not exist for outsiders (NOT_FOUND, as everywhere
// else); its members see the page anyway, to check what outsiders see.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { denialError } from '../access.ts';
import { orgRole } from '../access-checks.ts';
import { listProjects } from '../projects/projects.ts';
import { publicReports } from '../reports/read.ts';

export async function publicOrganization(db: PrismaClient, viewerId: string | null, slug: string) {
  const notFound = () => denialError('NOT_FOUND', `The organization ${slug}`, 'view', null, slug);
  const org = await db.organization.findUnique({
    where: { slug },
    select: { id: true, slug: true, name: true },
  });
  if (!org) throw notFound();
  const [role, reports, projects] = await Promise.all([
    orgRole(db, viewerId, org.id),
    publicReports(db, org.slug),
    listProjects(db, org.id),
  ]);
  const publicProjects = projects.filter((p) => p.visibility === 'public');
  if (!role && reports.length === 0 && publicProjects.length === 0) throw notFound();
  return {
    org: { slug: org.slug, name: org.name },
    member: role !== null,
    reports,
    projects: publicProjects,
  };
}
