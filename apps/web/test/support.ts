// Helpers shared by the integration tests: how an operation ended, as the tests assert it.

import { appErrorOf } from '@levelfield/contracts/errors';
import type { PrismaClient, Role } from '@levelfield/db/client';

async function settle(operation: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await operation;
    return { code: 'ok', message: 'ok' };
  } catch (e) {
    return {
      code: appErrorOf(e)?.code ?? `unexpected ${String(e)}`,
      message: e instanceof Error ? e.message : String(e),
    };
  }
}

/** 'ok', or the AppError's code (NOT_FOUND, FORBIDDEN, UNAUTHENTICATED, VALIDATION_FAILED, …). */
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

export interface Person {
  name: string | null;
  /** Their role in the organization; null: a signed-up user who is not a member. */
  role: Role | null;
}

/**
 * An organization and its people, each a user `${key}@example.test`; returns the organization's
 * id and the users' ids by key.
 */
export async function orgWithPeople<K extends string>(
  db: PrismaClient,
  slug: string,
  people: Record<K, Person>,
): Promise<{ orgId: string; ids: Record<K, string> }> {
  const ids = {} as Record<K, string>;
  for (const [key, { name }] of Object.entries(people) as [K, Person][])
    ids[key] = (await db.user.create({ data: { email: `${key}@example.test`, name } })).id;
  const org = await db.organization.create({
    data: {
      slug,
      name: slug.charAt(0).toUpperCase() + slug.slice(1),
      memberships: {
        create: (Object.entries(people) as [K, Person][]).flatMap(([key, { role }]) =>
          role ? [{ userId: ids[key], role }] : [],
        ),
      },
    },
  });
  return { orgId: org.id, ids };
}
