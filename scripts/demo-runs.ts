// Demo history: finished runs sent through the ingest API exactly as levelfield-agent sends
// them (create, frame batches with HdrHistogram V2 encodings, finish), so the demo exercises
// the real path and gets real rollups. Latencies are drawn from a seeded generator: the same
// numbers on every installation. Skipped when the demo runs already exist.
import { CreateRunRequest, type FrameBatch } from '@levelfield/contracts/ingest';
import { DEMO } from '@levelfield/db/seed';
import { seededRandom } from '@levelfield/detect';
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import { summarizeHistogram } from '@levelfield/metrics/stats';
import pg from 'pg';

interface DemoRun {
  name: string;
  labels: Record<string, string>;
  hoursAgo: number;
  seconds: number;
  warmupSeconds: number;
  /** Transactions per second and log-normal latency (median µs, sigma). */
  tps: number;
  medianUs: number;
  sigma: number;
  /** A stall: seconds into the run, length, and latency multiplier. */
  hiccup?: { at: number; length: number; factor: number };
}

export const DEMO_RUNS: DemoRun[] = [
  {
    name: 'pgbench tpcb-like, scale 10, 8 clients',
    labels: { workload: 'tpcb-like', clients: '8', scale: '10', demo: 'history' },
    hoursAgo: 26,
    seconds: 180,
    warmupSeconds: 15,
    tps: 3400,
    medianUs: 2200,
    sigma: 0.45,
    hiccup: { at: 120, length: 4, factor: 9 },
  },
  {
    name: 'pgbench select-only, scale 10, 8 clients',
    labels: { workload: 'select-only', clients: '8', scale: '10', demo: 'history' },
    hoursAgo: 25,
    seconds: 180,
    warmupSeconds: 15,
    tps: 9000,
    medianUs: 310,
    sigma: 0.35,
  },
];

function logNormal(next: () => number, median: number, sigma: number): number {
  const z = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return median * Math.exp(sigma * z);
}

export function demoFrames(run: DemoRun, startMs: number, seed: number): FrameBatch['frames'] {
  const next = seededRandom(seed);
  const frames: FrameBatch['frames'] = [];
  for (let second = 0; second < run.seconds; second++) {
    const histogram = new Histogram();
    const stalled = run.hiccup && second >= run.hiccup.at && second < run.hiccup.at + run.hiccup.length;
    const factor = stalled
      ? run.hiccup!.factor
      : second < run.warmupSeconds
        ? 1.6 - (0.6 * second) / run.warmupSeconds
        : 1;
    const count = Math.round((run.tps / factor) * (0.95 + 0.1 * next()));
    for (let i = 0; i < count; i++)
      histogram.recordValue(Math.max(1, Math.round(logNormal(next, run.medianUs * factor, run.sigma))));
    const { stdDev: _stdDev, ...summary } = summarizeHistogram(histogram);
    frames.push({
      series: 'latency',
      seq: second,
      startMs: startMs + second * 1000,
      endMs: startMs + (second + 1) * 1000,
      warmup: second < run.warmupSeconds,
      ...summary,
      histogram: encodeBase64(histogram),
    });
  }
  return frames;
}

/** POSTs JSON to the ingest API with a bearer token; fails with the API's own error text. */
export async function postToIngest(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export async function loadDemoRuns(options: {
  ingestUrl: string;
  token: string;
  databaseUrl: string;
  now?: number;
}): Promise<number> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM runs WHERE labels->>'demo' = 'history' LIMIT 1");
    if (rowCount) return 0;
  } finally {
    await client.end();
  }
  const now = options.now ?? Date.now();
  for (const [index, run] of DEMO_RUNS.entries()) {
    const startedAt = now - run.hoursAgo * 3_600_000;
    const request = CreateRunRequest.parse({
      project: DEMO.publicProject.slug,
      system: { name: 'postgresql', version: '17.10' },
      benchmark: { name: 'pgbench', version: '15.18' },
      name: run.name,
      labels: run.labels,
      startedAt,
      warmupMs: run.warmupSeconds * 1000,
      provenance: {
        run: {
          benchmark: { value: 'pgbench', origin: 'declared' },
          selectionRule: { value: 'all runs', origin: 'declared' },
        },
        measurement: {
          latencyOrigin: { value: 'actual', origin: 'declared' },
          histogramFormat: { value: 'HdrHistogram V2, 3 significant digits, µs', origin: 'declared' },
          intervalMs: { value: 1000, origin: 'declared' },
          warmupMs: { value: run.warmupSeconds * 1000, origin: 'declared' },
        },
        settings: {
          isolationLevel: { value: 'read committed', origin: 'declared' },
          durability: { value: 'local-fsync', origin: 'declared' },
        },
      },
    });
    const { id } = (await postToIngest(`${options.ingestUrl}/v1/runs`, options.token, request)) as {
      id: string;
    };
    const frames = demoFrames(run, startedAt, 1000 + index);
    const series = [
      {
        key: 'latency',
        name: 'latency',
        kind: 'latency' as const,
        unit: 'us',
        labels: { txn: 'transaction' },
      },
    ];
    for (let i = 0; i < frames.length; i += 60) {
      await postToIngest(`${options.ingestUrl}/v1/runs/${id}/frames`, options.token, {
        series,
        frames: frames.slice(i, i + 60),
      });
    }
    await postToIngest(`${options.ingestUrl}/v1/runs/${id}/finish`, options.token, {
      status: 'succeeded',
      endedAt: startedAt + run.seconds * 1000,
      exitCode: 0,
    });
  }
  return DEMO_RUNS.length;
}
