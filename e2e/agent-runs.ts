// Real benchmarks under the real agent, streaming to the e2e stack's ingest API: what the live
// page tests watch. One place starts the agent and reads what it prints, so each test says only
// what it runs and what it checks.
import { type ChildProcessByStdio, spawn, spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from '@playwright/test';
import { createEmptyDatabase } from '../packages/db/src/testing.ts';
import { findPgbench } from '../scripts/live-demo.mjs';
import { e2eEnv } from './fixtures.ts';

export const AGENT = path.resolve('agents/bin/levelfield-agent');

export interface AgentRun {
  agent: ChildProcessByStdio<null, Readable, Readable>;
  /** What the agent and the benchmark printed so far, stdout and stderr together. */
  output: () => string;
  /** Resolves with the agent's exit code. */
  exited: Promise<number | null>;
  /** The run's id, once the agent has created it. */
  runId: () => Promise<string>;
}

/**
 * `levelfield-agent run … -- command`, in the demo project with the demo token unless told
 * otherwise.
 */
export function startAgent({
  command,
  system,
  project = 'demo',
  token = e2eEnv('E2E_DEMO_TOKEN'),
  name,
  cwd,
  env = {},
  labels = {},
}: {
  command: string[];
  system: string;
  project?: string;
  token?: string;
  name?: string;
  cwd?: string;
  env?: Record<string, string>;
  /** `--label name=value` each (branch, commit: where the run sits in its history). */
  labels?: Record<string, string>;
}): AgentRun {
  const args = ['run', '--server', e2eEnv('E2E_INGEST_URL'), '--project', project, '--system', system];
  for (const [label, value] of Object.entries(labels)) args.push('--label', `${label}=${value}`);
  const agent = spawn(AGENT, [...args, ...(name ? ['--name', name] : []), '--no-cloud', '--', ...command], {
    ...(cwd ? { cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, LEVELFIELD_TOKEN: token },
  });
  let output = '';
  for (const stream of [agent.stdout, agent.stderr]) stream.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => agent.on('exit', resolve));
  const created = () => /run created" id=(\w+)/.exec(output)?.[1];
  const runId = async () => {
    await expect.poll(created, { timeout: 20_000 }).toBeTruthy();
    return created() as string;
  };
  return { agent, output: () => output, exited, runId };
}

/**
 * pgbench (2 clients unless told, progress every second, the per-transaction log the agent reads)
 * for `seconds` against a fresh database of its own, initialised at scale 1; `scripts` are its
 * script options (`-b name@weight`…), the default tpcb-like script when none.
 */
export async function pgbenchCommand(
  seconds: number,
  clients = 2,
  scripts: string[] = [],
): Promise<string[]> {
  const pgbench: string | null = findPgbench();
  if (!pgbench)
    throw new Error(
      'pgbench is needed for this test: install PostgreSQL’s client tools (Debian: postgresql-15 or postgresql-client)',
    );
  const database = (await createEmptyDatabase('pgbench')).ownerUrl;
  const init = spawnSync(pgbench, ['-i', '-s', '1', '-q', database], { encoding: 'utf8' });
  expect(init.status, init.stderr).toBe(0);
  const logPrefix = path.join(await mkdtemp(path.join(tmpdir(), 'levelfield-pgbench-')), 'pgbench');
  return [
    pgbench,
    ...['-c', String(clients), '-j', '1', '-T', String(seconds), '-P', '1'],
    ...scripts,
    '--log',
    `--log-prefix=${logPrefix}`,
    database,
  ];
}
