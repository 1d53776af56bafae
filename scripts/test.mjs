#!/usr/bin/env node
// `npm test`: everything, from a fresh clone: install what is missing (npm packages, Debian's
// Chromium when there is no browser, the fuzzing tools), build, lint, typecheck, unit and
// integration tests against one real PostgreSQL, then end-to-end tests in Chromium.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  bin,
  build,
  commandExists,
  ensureDependencies,
  ensureStateDir,
  repoDir,
  run,
  stateDir,
  step,
} from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const SCHEMATHESIS_VERSION = '4.32.5';
const K6_MODULE = 'go.k6.io/k6@v1.8.1';

async function ensureChromium() {
  if (existsSync(CHROMIUM) || process.env.PLAYWRIGHT_USE_BUNDLED === '1') return;
  if (process.platform === 'linux' && process.getuid?.() === 0 && commandExists('apt-get')) {
    step("Installing Debian's chromium for the browser tests");
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  step("Installing Playwright's Chromium");
  await run(bin('playwright'), ['install', 'chromium']);
}

/** schemathesis (PyPI) in a project-local virtualenv, for the ingest API fuzz test. */
async function ensureSchemathesis() {
  const venv = path.join(stateDir, 'venv');
  const schemathesis = path.join(venv, 'bin', 'schemathesis');
  if (existsSync(schemathesis)) return;
  step(`Installing schemathesis ${SCHEMATHESIS_VERSION} into ${path.relative(repoDir, venv)}`);
  await run('python3', ['-m', 'venv', venv]);
  await run(path.join(venv, 'bin', 'pip'), [
    'install',
    '--quiet',
    '--disable-pip-version-check',
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
}

/** k6, built from its Go module (no prebuilt download reaches here), for the agent's k6 test. */
async function ensureK6() {
  const tools = path.join(stateDir, 'tools');
  if (existsSync(path.join(tools, 'k6'))) return;
  step(`Building k6 (${K6_MODULE}) into ${path.relative(repoDir, tools)} — a few minutes the first time`);
  await run('go', ['install', K6_MODULE], { env: { GOBIN: tools } });
}

/**
 * YCSB's client from Maven Central (no database needed: its BasicDB), for the agent's live YCSB
 * test; without Java and Maven that test skips.
 */
async function ensureYcsb() {
  const lib = path.join(stateDir, 'tools', 'ycsb');
  if (existsSync(path.join(lib, 'core-0.17.0.jar'))) return;
  if (!commandExists('mvn') || !commandExists('java')) {
    step('Not fetching YCSB (needs Java and Maven): its agent test skips');
    return;
  }
  step(`Fetching YCSB 0.17.0 from Maven Central into ${path.relative(repoDir, lib)}`);
  await run('mvn', [
    '-q',
    '-f',
    path.join(repoDir, 'agents/e2e/testdata/ycsb/pom.xml'),
    'dependency:copy-dependencies',
    `-DoutputDirectory=${lib}`,
    '-DincludeScope=runtime',
  ]);
}

/**
 * Debian packages of the benchmark tools the agent's live tests run, and of the NATS server the
 * ingest API's fan-out test and tests/scale.test.ts run (command → package).
 */
const BENCH_TOOLS = {
  hyperfine: 'hyperfine',
  wrk: 'wrk',
  sysbench: 'sysbench',
  'nats-server': 'nats-server',
};

/** After the other installs: two apt-get runs at once would contend for dpkg's lock. */
async function ensureBenchTools() {
  const packages = Object.entries(BENCH_TOOLS)
    .filter(([command]) => !commandExists(command))
    .map(([, pkg]) => pkg);
  if (packages.length === 0) return;
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !commandExists('apt-get')) {
    step(`Not installing ${packages.join(', ')} (needs root and apt-get): the tests that run them skip`);
    return;
  }
  step(`Installing Debian's ${packages.join(', ')} for the live tests that run them`);
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function main() {
  ensureStateDir();
  await ensureDependencies();
  await Promise.all([ensureChromium(), ensureSchemathesis(), ensureK6(), ensureYcsb()]);
  await ensureBenchTools();
  await build();
  const turbo = bin('turbo');
  step('Lint and typecheck');
  await run(turbo, ['run', 'lint', 'typecheck', '--output-logs=errors-only', '--concurrency=2']);
  await run(bin('biome'), [
    'check',
    'scripts',
    'e2e',
    'tests',
    'bench',
    'package.json',
    'turbo.json',
    'biome.json',
    'tsconfig.json',
  ]);
  await run(bin('tsc'), ['-p', 'tsconfig.json']);

  // One PostgreSQL for the whole run; every suite makes its own database on it.
  const { register } = await import('tsx/esm/api');
  register();
  const { startThrowawayPostgres } = await import('../packages/db/src/testing.ts');
  step('Starting a throwaway PostgreSQL for the tests');
  const postgres = await startThrowawayPostgres();
  const env = { LEVELFIELD_TEST_DATABASE_URL: postgres.url, LEVELFIELD_VENV: path.join(stateDir, 'venv') };
  try {
    step('Unit and integration tests (vitest, go test)');
    await run(turbo, ['run', 'test', '--concurrency=1', '--output-logs=full', '--force', '--continue'], {
      env,
    });
    step('Repository checks (README quick start, CI, docker-compose.yml)');
    await run(bin('vitest'), ['run', '-c', 'tests/vitest.config.ts'], { env });
    step('End-to-end tests (Playwright, Chromium)');
    await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], { env });
  } finally {
    await postgres.stop();
  }
  step('All tests passed');
}

main().catch((error) => {
  process.stderr.write(`\n${error.message ?? error}\n`);
  process.exit(1);
});
