// Starts a complete Levelfield for the browser tests: a fresh database (migrated and seeded
// with the demo data by the same command `npm start` uses), the built ingest API and web app
// on free ports. Tests read the addresses and demo credentials from E2E_* variables.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmptyDatabase, freePort, startThrowawayPostgres } from '../packages/db/src/testing.ts';
import { loadDemoRuns } from '../scripts/demo-runs.ts';
import { Services } from '../scripts/services.mjs';

export default async function globalSetup(): Promise<() => Promise<void>> {
  let stopPostgres = async () => {};
  if (!process.env.LEVELFIELD_TEST_DATABASE_URL) {
    const postgres = await startThrowawayPostgres();
    process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
    stopPostgres = postgres.stop;
  }
  const database = await createEmptyDatabase('e2e');
  const stateDir = await mkdtemp(path.join(tmpdir(), 'levelfield-e2e-'));
  const services = new Services({ logDir: path.join(stateDir, 'logs') });
  try {
    await services.startDatabase({ DATABASE_URL: database.url, LEVELFIELD_STATE_DIR: stateDir });
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
    });
    await loadDemoRuns({ ingestUrl, token: demoToken, databaseUrl: database.url });
    Object.assign(process.env, {
      E2E_WEB_URL: webUrl,
      E2E_INGEST_URL: ingestUrl,
      E2E_DATABASE_URL: database.url,
      E2E_DEMO_TOKEN: demoToken,
      E2E_DEMO_PASSWORD: secrets.demoPassword,
      E2E_LOG_DIR: path.join(stateDir, 'logs'),
    });
  } catch (error) {
    await services.stopAll();
    throw error;
  }
  return async () => {
    await services.stopAll();
    await database.drop();
    await rm(stateDir, { recursive: true, force: true });
    await stopPostgres();
  };
}
