// Access that follows the data. A comparison, a report or a publish holds runs from projects that
// may belong to other organizations, and those projects' visibility and memberships change after
// the comparison was made. So whatever shows a run checks, at the moment it is read and for the
// reader at hand, that the reader could open that run directly — never only once, when the run was
// added. Runs that fail the check are withheld (their entry says so), not shown with less data.
import 'server-only';
import type { PrismaClient, Role, Visibility } from '@levelfield/db/client';
import { can, decide } from '../access.ts';

/**
 * Who is reading: a signed-in user or an anonymous visitor (userId null), optionally holding a
 * project API token with the read scope, which adds that one project to what anonymous may read.
 */
export interface Reader {
  userId: string | null;
  tokenProjectId?: string | null;
}

/** Where a run (or a comparison) lives, which is what decides who may see it. */
export interface Place {
  projectId: string;
  organizationId: string;
  visibility: Visibility;
}

export interface RunPlace extends Place {
  id: string;
}

/** Decides, for a set of run ids, which the reader may see; the rest are withheld. */
export type RunFilter = (runIds: readonly string[]) => Promise<Set<string>>;

export async function runPlaces(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, RunPlace>> {
  const rows = await db.run.findMany({
    where: { id: { in: [...new Set(runIds)] } },
    select: { id: true, projectId: true, project: { select: { organizationId: true, visibility: true } } },
  });
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        projectId: r.projectId,
        organizationId: r.project.organizationId,
        visibility: r.project.visibility,
      },
    ]),
  );
}

/** The reader's role in each of these organizations (absent: not a member). */
async function rolesIn(
  db: PrismaClient,
  userId: string | null,
  organizationIds: Iterable<string>,
): Promise<Map<string, Role>> {
  if (!userId) return new Map();
  const rows = await db.membership.findMany({
    where: { userId, organizationId: { in: [...new Set(organizationIds)] } },
    select: { organizationId: true, role: true },
  });
  return new Map(rows.map((m) => [m.organizationId, m.role]));
}

/** Pure: may this reader open what lives in this place, given their role in its organization? */
export function mayOpen(reader: Reader, place: Place, role: Role | null): boolean {
  if (reader.tokenProjectId && reader.tokenProjectId === place.projectId) return true;
  return (
    decide({ role, signedIn: reader.userId !== null, visibility: place.visibility, action: 'view' }) ===
    'allow'
  );
}

/** Of these places (runs, comparisons), the ones the reader could open directly now. */
export async function openable<P extends Place>(
  db: PrismaClient,
  reader: Reader,
  places: readonly P[],
): Promise<P[]> {
  const roles = await rolesIn(
    db,
    reader.userId,
    places.map((p) => p.organizationId),
  );
  return places.filter((p) => mayOpen(reader, p, roles.get(p.organizationId) ?? null));
}

/** The runs the reader could open directly now (unknown ids are left out). */
export function openableBy(db: PrismaClient, reader: Reader): RunFilter {
  return async (runIds) => {
    const places = await runPlaces(db, runIds);
    return new Set((await openable(db, reader, [...places.values()])).map((p) => p.id));
  };
}

/**
 * The runs a publisher may put in a report: those of public projects, and those of organizations
 * where the publisher holds the publish role. An unlisted or private project of another
 * organization never lands in a report, whatever the report's visibility: its owner did not
 * publish it, and a report is a publication.
 */
export function publishableBy(db: PrismaClient, publisherId: string): RunFilter {
  return async (runIds) => {
    const places = await runPlaces(db, runIds);
    const roles = await rolesIn(
      db,
      publisherId,
      [...places.values()].map((p) => p.organizationId),
    );
    return new Set(
      [...places.values()]
        .filter((p) => p.visibility === 'public' || can(roles.get(p.organizationId), 'publish'))
        .map((p) => p.id),
    );
  };
}
