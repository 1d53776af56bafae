// Starts a complete Levelfield for the browser tests (scripts/stack.ts); tests read the
// addresses and demo credentials from E2E_* variables.
import { startStack } from '../scripts/stack.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startStack('e2e');
  Object.assign(process.env, {
    E2E_WEB_URL: stack.webUrl,
    E2E_INGEST_URL: stack.ingestUrl,
    E2E_DATABASE_URL: stack.databaseUrl,
    E2E_DEMO_TOKEN: stack.demoToken,
    E2E_DEMO_PASSWORD: stack.demoPassword,
    E2E_LOG_DIR: stack.logDir,
  });
  return stack.stop;
}
