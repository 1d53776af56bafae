// `node --conditions=react-server --import tsx src/server/demo-cli.ts` (cwd apps/web, with
// DATABASE_URL): loads the demo comparisons and publishes the demo report. A separate process
// because these modules are server code of the web app (its `~` paths, 'server-only'); the
// start scripts run it through runDemoLoader in scripts/lib.mjs.
import 'server-only';
import { createPrismaClient } from '@levelfield/db/client';
import { envVar } from '~/env';
import { loadDemoComparisons } from '~/server/comparisons/demo';
import { loadDemoReport } from '~/server/reports/demo';

// Only DATABASE_URL: the loader runs without the rest of the web app's environment.
const db = createPrismaClient(envVar('DATABASE_URL'), { max: 2 });
try {
  const comparisons = await loadDemoComparisons(db);
  const report = await loadDemoReport(db);
  console.log(
    JSON.stringify({ comparisons: comparisons.created.length + comparisons.existing.length, report }),
  );
} finally {
  await db.$disconnect();
}
