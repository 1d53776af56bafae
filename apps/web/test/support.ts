// Helpers shared by the integration tests: how an operation ended, as the tests assert it.
import type { PrismaClient } from '@levelfield/db/client';
import { TRPCError } from '@trpc/server';

async function settle(operation: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await operation;
    return { code: 'ok', message: 'ok' };
  } catch (e) {
    return {
      code: e instanceof TRPCError ? e.code : `unexpected ${String(e)}`,
      message: e instanceof Error ? e.message : String(e),
    };
  }
}

/** 'ok', or the tRPC error code (NOT_FOUND, FORBIDDEN, UNAUTHORIZED, BAD_REQUEST, …). */
export const outcome = async (operation: Promise<unknown>) => (await settle(operation)).code;

/** 'ok', or the message the user would read. */
export const failure = async (operation: Promise<unknown>) => (await settle(operation)).message;

/** A finished agent run with nothing measured: enough to compare and publish. */
export async function finishedRun(db: PrismaClient, projectId: string, name: string): Promise<string> {
  const run = await db.run.create({
    data: {
      projectId,
      name,
      benchmark: 'pgbench',
      source: 'agent',
      status: 'succeeded',
      startedAt: new Date(),
    },
  });
  return run.id;
}
