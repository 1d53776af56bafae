// A history's id and row. The id is a hash of the history's identity (lib/history-key.ts), so the
// page, the run page's link and the CI check all find the same history without storing a key on
// runs; the row (created the first time anyone asks) holds the settings and the decisions.
import 'server-only';
import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@levelfield/db/client';
import {
  type HistoryIdentity,
  historyIdentity,
  historyIdentityText,
  type RunForKey,
} from '~/lib/history-key';

type Db = PrismaClient | Prisma.TransactionClient;

/** 24 hex digits (96 bits) of the identity's SHA-256: short enough for an address, never colliding in practice. */
export function historyIdOf(identity: HistoryIdentity): string {
  return createHash('sha256').update(historyIdentityText(identity)).digest('hex').slice(0, 24);
}

/** What a history row needs of a run besides the key's fields. */
export type RunOfHistory = RunForKey & { systemId: string | null };

/**
 * The history of a run (on `branch` instead of the run's own when given), its row created when
 * missing; returns its id.
 */
export async function ensureHistory(db: Db, run: RunOfHistory, options: { branch?: string | null } = {}) {
  const identity = historyIdentity(run, options);
  const id = historyIdOf(identity);
  // INSERT … ON CONFLICT DO NOTHING: two pages rendering the same new history at once (a run
  // page refreshed as its run finishes) both succeed. An upsert reads, then inserts, and the
  // second insert failed on the primary key.
  await db.history.createMany({
    data: [
      {
        id,
        projectId: run.projectId,
        benchmark: run.benchmark,
        systemId: run.systemId,
        identity: identity as unknown as Prisma.InputJsonValue,
      },
    ],
    skipDuplicates: true,
  });
  return id;
}

/** What ensureHistory and the history loader read of a run. */
export const runKeySelect = {
  id: true,
  name: true,
  projectId: true,
  benchmark: true,
  systemId: true,
  labels: true,
  provenance: true,
  startedAt: true,
  system: { select: { name: true } },
} as const;
