// Demo data: a demo user, an organization with a public and a private project, an API token
// for the public project, and a private run. Idempotent: safe on every start.
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
    await seedPrivateRun(db, privateProject.id, user.id);
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

// Public demo runs with measurements are sent through the ingest API by scripts/demo-runs.ts;
// this one exists to prove that a private project's runs stay private.
async function seedPrivateRun(db: PrismaClient, privateId: string, userId: string) {
  const system = await db.system.upsert({
    where: { projectId_name: { projectId: privateId, name: 'postgresql' } },
    update: {},
    create: { projectId: privateId, name: 'postgresql' },
  });
  const startedAt = new Date(Date.now() - 3 * 3_600_000);
  await db.run.create({
    data: {
      projectId: privateId,
      systemId: system.id,
      name: 'PRIVATE-MARKER tuning experiment',
      benchmark: 'pgbench',
      status: 'succeeded',
      source: 'import',
      labels: { clients: '8', scale: '10', marker: 'PRIVATE-MARKER' },
      startedAt,
      endedAt: new Date(startedAt.getTime() + 60_000),
      exitCode: 0,
      createdById: userId,
    },
  });
}
