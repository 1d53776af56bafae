// A complete, throwaway Levelfield on free ports: a fresh database (migrated and seeded by the
// same command `npm start` uses), the built ingest API and web app, and the demo history.
// Used by the browser tests' global setup and by the benchmarks.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyDatabase, freePort, startThrowawayPostgres } from '../packages/db/src/testing.ts';
import { loadDemoRuns } from './demo-runs.ts';
import { runDemoLoader } from './lib.mjs';
import { Services } from './services.mjs';

export interface Stack {
  webUrl: string;
  ingestUrl: string;
  databaseUrl: string;
  demoToken: string;
  demoPassword: string;
  logDir: string;
  stop(): Promise<void>;
}

export async function startStack(name: string): Promise<Stack> {
  let stopPostgres = async () => {};
  if (!process.env.LEVELFIELD_TEST_DATABASE_URL) {
    const postgres = await startThrowawayPostgres();
    process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
    stopPostgres = postgres.stop;
  }
  const database = await createEmptyDatabase(name);
  const stateDir = await mkdtemp(path.join(tmpdir(), `levelfield-${name}-`));
  const logDir = path.join(stateDir, 'logs');
  const services = new Services({ logDir });
  const stop = async () => {
    await services.stopAll();
    await database.drop();
    await rm(stateDir, { recursive: true, force: true });
    await stopPostgres();
  };
  try {
    // Migrated as the owner role; the services sign in as the database's app role, as in production.
    await services.startDatabase({
      DATABASE_URL: database.ownerUrl,
      LEVELFIELD_APP_DATABASE_URL: database.url,
      LEVELFIELD_STATE_DIR: stateDir,
    });
    const secrets = JSON.parse(await readFile(path.join(stateDir, 'secrets.json'), 'utf8'));
    const demoToken = (await readFile(path.join(stateDir, 'demo-token'), 'utf8')).trim();
    const [webPort, ingestPort] = [await freePort(), await freePort()];
    const webUrl = `http://127.0.0.1:${webPort}`;
    const ingestUrl = await services.startIngest({
      databaseUrl: database.url,
      port: ingestPort,
      webUrl,
      liveTokenSecret: secrets.liveTokenSecret,
    });
    await services.startWeb({
      databaseUrl: database.url,
      port: webPort,
      authSecret: secrets.authSecret,
      ingestUrl,
      liveTokenSecret: secrets.liveTokenSecret,
      // The browser tests' webhook receivers listen on this machine.
      webhooksInternal: true,
    });
    await loadDemoRuns({ ingestUrl, token: demoToken, databaseUrl: database.url });
    await runDemoLoader(database.url);
    return {
      webUrl,
      ingestUrl,
      databaseUrl: database.url,
      demoToken,
      demoPassword: secrets.demoPassword,
      logDir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
