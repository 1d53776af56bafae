// `node --conditions=react-server --import tsx src/server/demo-cli.ts` (cwd apps/web, with
// DATABASE_URL): loads the demo comparisons and publishes the demo report. A separate process
// because these modules are server code of the web app (its `~` paths, 'server-only'); the
// start scripts run it through runDemoLoader in scripts/lib.mjs.
import 'server-only';
import { createPrismaClient } from '@levelfield/db/client';
import { loadDemoComparisons } from '~/server/comparisons/demo';
import { loadDemoReport } from '~/server/reports/demo';

const url = process.env.DATABASE_URL;
if (!url)
  throw new Error('DATABASE_URL is not set: point it at the Levelfield database to load the demo into');
const db = createPrismaClient(url, { max: 2 });
try {
  const comparisons = await loadDemoComparisons(db);
  const report = await loadDemoReport(db);
  console.log(
    JSON.stringify({ comparisons: comparisons.created.length + comparisons.existing.length, report }),
  );
} finally {
  await db.$disconnect();
}
