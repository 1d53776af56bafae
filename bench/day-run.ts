// The 24-hour run the run-page benchmarks read (bench:web in a browser, bench:storage through the
// page's own data loaders): seeded through the ingest API, then waited on until rolled up.
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import pg from 'pg';
import { DEMO } from '../packages/db/src/seed.ts';
import { postToIngest } from '../scripts/demo-runs.ts';

export const DAY_SECONDS = 86_400;
export const SERIES = ['new_order', 'payment', 'delivery', 'order_status', 'stock_level'];
const INTERVALS_PER_BATCH = 200;

const log = (message: string) => process.stderr.write(`[bench:day-run] ${message}\n`);

/** A small pool of real encoded histograms per series, reused across the day (encoding 432,000 would dominate the setup). */
export function histogramPool(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: 32 }, (_, variant) => {
    const h = new Histogram();
    const median = 800 + 40 * variant + 400 * seed;
    for (let i = 0; i < 300; i++)
      h.recordValue(
        Math.max(
          1,
          Math.round(
            median * Math.exp(0.5 * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())),
          ),
        ),
      );
    const { stdDev: _stdDev, ...summary } = summarizeHistogram(h);
    return { ...summary, histogram: encodeBase64(h) };
  });
}

export const post = async (url: string, token: string, body: unknown) =>
  (await postToIngest(url, token, body)) as { id: string };

/**
 * A finished 24-hour run of SERIES latency series at 1-s intervals (432,000 frames), posted
 * through the ingest API as an agent would, 200 intervals a request. Returns its id.
 */
export async function seedDayRun(
  ingestUrl: string,
  token: string,
  project: string = DEMO.publicProject.slug,
): Promise<string> {
  const startedAt = Date.now() - DAY_SECONDS * 1000;
  const { id } = await post(`${ingestUrl}/v1/runs`, token, {
    project,
    system: { name: 'postgresql' },
    benchmark: { name: 'tpcc' },
    name: 'bench: 24-hour run',
    labels: { bench: 'web' },
    startedAt,
  });
  const pools = SERIES.map((_, i) => histogramPool(i + 1));
  const series = SERIES.map((txn) => ({
    key: txn,
    name: 'latency',
    kind: 'latency' as const,
    unit: 'us',
    labels: { txn },
  }));
  const started = Date.now();
  for (let first = 0; first < DAY_SECONDS; first += INTERVALS_PER_BATCH) {
    const frames = [];
    for (let second = first; second < Math.min(DAY_SECONDS, first + INTERVALS_PER_BATCH); second++) {
      for (const [i, txn] of SERIES.entries()) {
        const sample = pools[i]![(second * 7 + i) % pools[i]!.length]!;
        frames.push({
          series: txn,
          seq: second,
          startMs: startedAt + second * 1000,
          endMs: startedAt + (second + 1) * 1000,
          ...sample,
        });
      }
    }
    await post(`${ingestUrl}/v1/runs/${id}/frames`, token, { series, frames });
    if (first % 7200 === 0) log(`seeding the 24-hour run: ${((100 * first) / DAY_SECONDS).toFixed(0)} %`);
  }
  log(`seeded ${DAY_SECONDS * SERIES.length} frames in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await post(`${ingestUrl}/v1/runs/${id}/finish`, token, {
    status: 'succeeded',
    endedAt: startedAt + DAY_SECONDS * 1000,
    exitCode: 0,
  });
  return id;
}

/** Waits until every minute of the 24-hour run is rolled up (the run page draws those). */
export async function waitForRollups(databaseUrl: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const expected = (DAY_SECONDS / 60) * SERIES.length;
    for (let attempt = 0; attempt < 600; attempt++) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rollups r JOIN series s ON s.id = r.series_id WHERE s.run_id = $1 AND r.histogram IS NOT NULL',
        [runId],
      );
      if (rows[0]!.n >= expected) return;
      if (attempt % 10 === 0) log(`waiting for rollups: ${rows[0]!.n} of ${expected}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error('rollups were not computed within 10 minutes');
  } finally {
    await client.end();
  }
}
