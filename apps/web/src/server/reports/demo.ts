// Demo data: seed 000's comparison published as the public report rama-vs-cockroachdb-tpcc by
// the demo owner, with a review thread from a demo reviewer (a member without a password: it
// cannot sign in, it only shows what review looks like) and the owner's answer. Idempotent:
// an existing report and existing threads are left alone.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { DEMO } from '@levelfield/db/seed';
import { publishReport } from './publish.ts';
import { commentOnThread, openThread } from './threads.ts';

export const DEMO_REPORT = 'rama-vs-cockroachdb-tpcc';
const DEMO_REVIEWER = { email: 'reviewer@levelfield.local', name: 'Riley Reviewer' };

async function demoMembers(db: PrismaClient): Promise<{ ownerId: string; reviewerId: string }> {
  const org = await db.organization.findUnique({
    where: { slug: DEMO.organization.slug },
    select: { id: true, memberships: { where: { role: 'owner' }, orderBy: { createdAt: 'asc' }, take: 1 } },
  });
  const owner = org?.memberships[0];
  if (!org || !owner)
    throw new Error(`the demo organization ${DEMO.organization.slug} has no owner: seed the database first`);
  const reviewer = await db.user.upsert({
    where: { email: DEMO_REVIEWER.email },
    update: {},
    create: DEMO_REVIEWER,
  });
  await db.membership.upsert({
    where: { organizationId_userId: { organizationId: org.id, userId: reviewer.id } },
    update: {},
    create: { organizationId: org.id, userId: reviewer.id, role: 'reviewer' },
  });
  return { ownerId: owner.userId, reviewerId: reviewer.id };
}

export async function loadDemoReport(db: PrismaClient): Promise<{ slug: string; version: number }> {
  const { ownerId, reviewerId } = await demoMembers(db);
  const existing = await db.report.findUnique({
    where: { slug: DEMO_REPORT },
    select: { versions: { orderBy: { version: 'desc' }, take: 1, select: { version: true } } },
  });
  const version =
    existing?.versions[0]?.version ??
    (await publishReport(db, ownerId, { comparison: DEMO_REPORT, visibility: 'public' })).version;
  if ((await db.reviewThread.count({ where: { report: { slug: DEMO_REPORT } } })) === 0) {
    const thread = await openThread(db, reviewerId, {
      slug: DEMO_REPORT,
      version,
      anchor: { kind: 'check', checkId: 'F-HW-3' },
      body:
        'CockroachDB ran on c5d.9xlarge (an Intel generation from 2018), Rama on i8g.4xlarge (Graviton4, 2024). ' +
        'How much of the cost-per-tpmC gap is the newer hardware? Please rerun one side on the other’s ' +
        'instance family, or quantify the difference.',
    });
    await commentOnThread(db, ownerId, {
      threadId: thread.id,
      body: 'Fair point: the vendors each chose their own hardware. We will add a run of both on the same family as a new version.',
    });
  }
  return { slug: DEMO_REPORT, version };
}
