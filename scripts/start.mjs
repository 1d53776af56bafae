#!/usr/bin/env node
// `npm start`: install what is missing, build, start PostgreSQL (embedded unless DATABASE_URL),
// the ingest API and the web app, print how to use them, and stop everything on Ctrl-C.
import path from 'node:path';
import {
  build,
  ensureDependencies,
  ensureStateDir,
  readLocalSecrets,
  repoDir,
  runDemoLoader,
  stateDir,
  step,
} from './lib.mjs';
import { pgbenchConnection, startLiveDemo } from './live-demo.mjs';

const WEB_PORT = Number(process.env.LEVELFIELD_WEB_PORT ?? 3000);
const INGEST_PORT = Number(process.env.LEVELFIELD_INGEST_PORT ?? 4000);

async function main() {
  const started = Date.now();
  ensureStateDir();
  await ensureDependencies();
  await build();
  // Imported after `npm ci`: these load the installed tools.
  const { Services } = await import('./services.mjs');
  const services = new Services();
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping Levelfield …\n');
    await services.stopAll();
    process.stdout.write('Stopped. Data is kept for the next start.\n');
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  try {
    step(process.env.DATABASE_URL ? 'Connecting to DATABASE_URL' : 'Starting the embedded PostgreSQL');
    const database = await services.startDatabase();
    const secrets = readLocalSecrets();
    const webUrl = `http://127.0.0.1:${WEB_PORT}`;
    step('Starting the ingest API and the web app');
    const [ingestUrl] = await Promise.all([
      services.startIngest({
        databaseUrl: database.databaseUrl,
        port: INGEST_PORT,
        webUrl,
        liveTokenSecret: secrets.liveTokenSecret,
      }),
      services.startWeb({
        databaseUrl: database.databaseUrl,
        port: WEB_PORT,
        authSecret: secrets.authSecret,
        ingestUrl: `http://127.0.0.1:${INGEST_PORT}`,
        liveTokenSecret: secrets.liveTokenSecret,
      }),
    ]);
    step('Loading the demo history through the ingest API');
    const { register } = await import('tsx/esm/api');
    register();
    const { loadDemoRuns } = await import('./demo-runs.ts');
    const { DEMO } = await import('@levelfield/db/seed');
    await loadDemoRuns({ ingestUrl, token: secrets.demoToken, databaseUrl: database.databaseUrl });
    await runDemoLoader(database.databaseUrl);
    const core = [...services.children];
    // The live demo's pgbench gets a database of its own on the same server, which only the
    // owner role may create; the services' app role may not. The banner's pasteable pgbench uses
    // the same database and password file.
    const bench = pgbenchConnection(database.ownerUrl);
    const liveDemo = await startLiveDemo(services, {
      ingestUrl,
      token: secrets.demoToken,
      databaseUrl: database.ownerUrl,
      bench,
      webUrl,
      project: DEMO.publicProject.slug,
    }).catch((error) => `Live demo    could not start (${error.message})`);
    printBanner({
      webUrl,
      ingestUrl,
      database,
      secrets,
      bench,
      liveDemo,
      seconds: (Date.now() - started) / 1000,
    });
    // The demo run ends by itself; only the core services stopping is a failure.
    for (const { name, child } of core) {
      child.on('exit', (code) => {
        if (!stopping) {
          process.stderr.write(
            `\n${name} stopped unexpectedly (exit ${code}); see ${path.join(stateDir, 'logs', `${name}.log`)}\n`,
          );
          stop(1);
        }
      });
    }
  } catch (error) {
    process.stderr.write(
      `\nLevelfield could not start: ${error.message}\nLogs: ${path.join(stateDir, 'logs')}\n`,
    );
    await stop(1);
  }
}

function printBanner({ webUrl, ingestUrl, database, secrets, bench, liveDemo, seconds }) {
  const agent =
    path.relative(process.cwd(), path.join(repoDir, 'agents/bin/levelfield-agent')) ||
    'agents/bin/levelfield-agent';
  // The password stays in its file (mode 600), out of the pasted command line and shell history.
  const pgpass = bench.env.PGPASSFILE
    ? `PGPASSFILE=${path.relative(process.cwd(), bench.env.PGPASSFILE)} `
    : '';
  const where = database.embedded
    ? `embedded PostgreSQL, data in ${path.relative(process.cwd(), path.join(stateDir, 'pgdata'))}`
    : 'DATABASE_URL';
  process.stdout.write(`
\x1b[1mLevelfield is running\x1b[0m  (ready in ${seconds.toFixed(0)} s)

  Web app      ${webUrl}
  Sign in      demo@levelfield.local  /  ${secrets.demoPassword}
  Ingest API   ${ingestUrl}   (OpenAPI: ${ingestUrl}/openapi.json)
  Database     ${where}
  ${liveDemo}

Stream a benchmark of your own into the demo project (paste into another terminal):

  ${pgpass}${agent} run --server ${ingestUrl} --token-file ${path.relative(process.cwd(), path.join(stateDir, 'demo-token'))} --project demo --system postgresql -- \\
    pgbench -c 4 -j 2 -T 30 -P 1 --log --log-prefix=/tmp/pgbench "${bench.url}"

Press Ctrl-C to stop everything.
`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
