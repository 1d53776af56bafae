// Demo data: a demo user, an organization with a public and a private project, an API token
// for the public project, and finished runs. Idempotent: safe on every start.
import type { PrismaClient } from './client.ts';
import { hashPassword } from './passwords.ts';
import { generateToken, hashToken, tokenDisplayPrefix } from './tokens.ts';

export const DEMO = {
  email: 'demo@levelfield.local',
  name: 'Dana Demo',
  organization: { slug: 'acme', name: 'Acme Benchmarks' },
  publicProject: { slug: 'demo', name: 'Public benchmarks' },
  privateProject: { slug: 'internal', name: 'Internal experiments' },
  tokenName: 'demo agent',
} as const;

export interface SeedResult {
  /** The demo project's API token in plain text: a new one when the remembered one is unusable. */
  demoToken: string;
  created: boolean;
}

export async function seedDemo(
  db: PrismaClient,
  options: { demoPassword: string; rememberedToken?: string | undefined },
): Promise<SeedResult> {
  const existing = await db.organization.findUnique({ where: { slug: DEMO.organization.slug } });
  const created = !existing;
  const user = await db.user.upsert({
    where: { email: DEMO.email },
    update: {},
    create: { email: DEMO.email, name: DEMO.name, passwordHash: await hashPassword(options.demoPassword) },
  });
  const org =
    existing ??
    (await db.organization.create({
      data: { ...DEMO.organization, memberships: { create: { userId: user.id, role: 'owner' } } },
    }));
  const publicProject = await db.project.upsert({
    where: { organizationId_slug: { organizationId: org.id, slug: DEMO.publicProject.slug } },
    update: {},
    create: { ...DEMO.publicProject, organizationId: org.id, visibility: 'public' },
  });
  const privateProject = await db.project.upsert({
    where: { organizationId_slug: { organizationId: org.id, slug: DEMO.privateProject.slug } },
    update: {},
    create: { ...DEMO.privateProject, organizationId: org.id, visibility: 'private' },
  });
  if (created) {
    await seedFinishedRuns(db, publicProject.id, privateProject.id, user.id);
  }
  const demoToken = await ensureDemoToken(db, publicProject.id, user.id, options.rememberedToken);
  return { demoToken, created };
}

async function ensureDemoToken(
  db: PrismaClient,
  projectId: string,
  userId: string,
  remembered: string | undefined,
): Promise<string> {
  if (remembered) {
    const row = await db.apiToken.findUnique({ where: { tokenHash: hashToken(remembered) } });
    if (row && !row.revokedAt && row.projectId === projectId) return remembered;
  }
  const token = generateToken();
  await db.apiToken.create({
    data: {
      projectId,
      name: DEMO.tokenName,
      tokenHash: hashToken(token),
      prefix: tokenDisplayPrefix(token),
      scopes: ['ingest', 'read'],
      createdById: userId,
    },
  });
  return token;
}

async function seedFinishedRuns(db: PrismaClient, publicId: string, privateId: string, userId: string) {
  const hour = 3600_000;
  const now = Date.now();
  const runs = [
    {
      projectId: publicId,
      system: 'postgresql',
      name: 'pgbench tpcb-like, scale 10, 8 clients',
      benchmark: 'pgbench',
      hoursAgo: 26,
    },
    {
      projectId: publicId,
      system: 'postgresql',
      name: 'pgbench select-only, scale 10, 8 clients',
      benchmark: 'pgbench',
      hoursAgo: 25,
    },
    {
      projectId: privateId,
      system: 'postgresql',
      name: 'PRIVATE-MARKER tuning experiment',
      benchmark: 'pgbench',
      hoursAgo: 3,
    },
  ];
  for (const run of runs) {
    const system = await db.system.upsert({
      where: { projectId_name: { projectId: run.projectId, name: run.system } },
      update: {},
      create: { projectId: run.projectId, name: run.system },
    });
    const startedAt = new Date(now - run.hoursAgo * hour);
    await db.run.create({
      data: {
        projectId: run.projectId,
        systemId: system.id,
        name: run.name,
        benchmark: run.benchmark,
        status: 'succeeded',
        source: 'import',
        labels: { clients: '8', scale: '10' },
        startedAt,
        endedAt: new Date(startedAt.getTime() + 60_000),
        exitCode: 0,
        createdById: userId,
      },
    });
  }
}
