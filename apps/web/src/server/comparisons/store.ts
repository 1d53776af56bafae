// Writing a comparison and its check results. Plain Prisma, relative imports only: the demo
// loader (scripts/stack.ts, scripts/start.mjs) runs this outside Next.
import 'server-only';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import type { CheckResult } from '@levelfield/fairness';
import type { Claim, Sweep } from './schema.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface NewComparison {
  projectId: string;
  slug: string;
  title: string;
  description?: string | undefined;
  baseline: number;
  leveledFromId?: string | null | undefined;
  createdById?: string | null | undefined;
  entries: { label: string; runIds: string[] }[];
  /** What the comparison varies on purpose (default: the system). */
  subject?: string[] | undefined;
  /** The parameter that varies across the entries, one value per entry. */
  sweep?: Sweep | undefined;
  claims?: Claim[] | undefined;
}

export async function insertComparison(db: Db, c: NewComparison): Promise<{ id: string; slug: string }> {
  return db.comparison.create({
    data: {
      projectId: c.projectId,
      slug: c.slug,
      title: c.title,
      description: c.description ?? null,
      baseline: c.baseline,
      leveledFromId: c.leveledFromId ?? null,
      createdById: c.createdById ?? null,
      subject: c.subject ?? ['system'],
      ...(c.sweep ? { sweep: c.sweep } : {}),
      ...(c.claims?.length ? { claims: c.claims } : {}),
      entries: {
        create: c.entries.map((e, position) => ({
          position,
          label: e.label,
          runs: { create: e.runIds.map((runId) => ({ runId })) },
        })),
      },
    },
    select: { id: true, slug: true },
  });
}

/**
 * Stores the engine's computed state and evidence per check (decisions are kept: they live in
 * their own columns and history). Returns nothing: readers apply decisions on top.
 */
export async function storeCheckResults(
  db: Db,
  comparisonId: string,
  results: readonly CheckResult[],
): Promise<void> {
  const now = new Date();
  for (const r of results) {
    const state = r.computedState ?? r.state;
    const evidence = r.evidence as unknown as Prisma.InputJsonValue;
    await db.checkResult.upsert({
      where: { comparisonId_checkId: { comparisonId, checkId: r.id } },
      create: { comparisonId, checkId: r.id, state, evidence, computedAt: now },
      update: { state, evidence, computedAt: now },
    });
  }
}
