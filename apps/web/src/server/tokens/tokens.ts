// Project API tokens for agents and scripts. The plain token exists only in the return value of
// createApiToken; the database keeps its SHA-256 and a short prefix to recognise it by.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { generateToken, hashToken, tokenDisplayPrefix } from '@levelfield/db/tokens';
import type { z } from 'zod';
import type { CreateTokenInput, TOKEN_SCOPES } from '~/lib/schemas/projects';

export const SCOPE_DESCRIPTIONS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  ingest: 'create runs and stream results (levelfield-agent)',
  read: 'read runs and comparisons through the REST API',
  write: 'enter published results and create comparisons through the REST API (scripts, CI)',
};

const tokenSelect = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
  createdBy: { select: { email: true, name: true } },
} as const;

const DAY_MS = 86_400_000;

export async function createApiToken(
  db: PrismaClient,
  projectId: string,
  createdById: string,
  input: z.infer<typeof CreateTokenInput>,
  now = new Date(),
) {
  const token = generateToken();
  const expiresAt =
    input.expires === 'never' ? null : new Date(now.getTime() + Number(input.expires) * DAY_MS);
  const row = await db.apiToken.create({
    data: {
      projectId,
      name: input.name,
      tokenHash: hashToken(token),
      prefix: tokenDisplayPrefix(token),
      scopes: input.scopes,
      createdById,
      expiresAt,
    },
    select: tokenSelect,
  });
  return { ...row, token };
}

/** Active tokens first, newest first; revoked ones stay listed so their use can be traced. */
export async function listApiTokens(db: PrismaClient, projectId: string) {
  const rows = await db.apiToken.findMany({
    where: { projectId },
    orderBy: { createdAt: 'desc' },
    select: tokenSelect,
  });
  return [...rows.filter((t) => !t.revokedAt), ...rows.filter((t) => t.revokedAt)];
}

export async function revokeApiToken(db: PrismaClient, projectId: string, tokenId: string, now = new Date()) {
  const row = await db.apiToken.findFirst({
    where: { id: tokenId, projectId },
    select: { id: true, revokedAt: true },
  });
  if (!row) {
    throw new AppError(
      'NOT_FOUND',
      'This project has no such token. Reload the page to see the current list.',
    );
  }
  if (row.revokedAt) return db.apiToken.findUniqueOrThrow({ where: { id: tokenId }, select: tokenSelect });
  return db.apiToken.update({ where: { id: tokenId }, data: { revokedAt: now }, select: tokenSelect });
}

/**
 * The commands that start a run, shown beside a new token. The token never goes on the command
 * line (the agent refuses it there: every user of the machine can read a process's arguments, and
 * shells keep history): `read -rs` takes it from the keyboard into the environment unseen.
 */
export function agentCommand(input: { server: string; project: string }): string {
  return [
    'read -rs LEVELFIELD_TOKEN && export LEVELFIELD_TOKEN   # paste the token, then Enter',
    `levelfield-agent run --server ${input.server} --project ${input.project} --system postgresql -- pgbench -c 8 -T 60`,
  ].join('\n');
}

/** Said under the commands: the other way to hand the agent its token. */
export const TOKEN_FILE_HINT =
  'Or keep the token in a file only you can read and pass --token-file PATH; --token on the command line is refused.';
