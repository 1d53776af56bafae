// npm run bench:storage — does the stored volume slow ingest or the 24-hour run page?
// One throwaway PostgreSQL, one built ingest instance (apps/ingest-api/dist/main.mjs):
//   1. a finished 24-hour run (5 series × 86,400 1-s frames) is posted through the ingest API
//      (bench/day-run.ts, as bench:web seeds it) with rollups held back, then one fresh instance
//      with the whole of a core for rollups merges its 7,200 minute buckets: rollup frames per
//      CPU-second (that instance's process + PostgreSQL's, measured from /proc).
//   2. measured on the near-empty database, then again after each stored size of
//      BENCH_STORED_FRAMES (comma-separated cumulative totals, default 20,000,000):
//        - ingest: CONCURRENCY simulated agents post 100-frame batches back to back (closed loop,
//          apps/ingest-api/bench/harness.ts), median frames/s over ROUNDS × SLICE_S seconds, and
//          PostgreSQL's WAL bytes per stored frame (pg_current_wal_lsn before/after; rollup merges
//          running meanwhile included: that is the write volume of ingesting);
//        - page: the 24-hour run page's data load, by the web's own loaders (loadTimelines and
//          loadRange of apps/web/src/server/runs/timeline.ts, both as the page awaits them, through
//          Prisma), median ms of PAGE_LOADS; the rendering and the browser (bench:web) are left out.
//      The two alternate in ROUNDS so both see the same machine weather.
//   The stored frames are bulk-loaded (INSERT … SELECT generate_series, as the superuser with
//   foreign-key triggers off: every row references a series made just before) in run-hours: runs
//   of 10 series × 3,600 frames each with their 60 minute rollups, the frame payload the ingest
//   benchmark posts (a 1,000-sample histogram at 3 significant digits and its summary), in the
//   day before now — the same partition the live frames go to, so its indexes are the big ones.
//   Then VACUUM ANALYZE, as autovacuum would eventually, and a CHECKPOINT. Loading time is reported.
// Bytes per frame: on-disk size of the frames table (heap, TOAST, indexes) / frames, and the
// average pg_column_size of a row; the histogram at 2 and 3 significant digits is encoded here for
// 100, 1,000 and 10,000 samples. The last line printed is the JSON result.
// Knobs: BENCH_STORED_FRAMES, BENCH_CONCURRENCY (6), BENCH_ROUNDS (3), BENCH_SLICE_S (5),
// BENCH_PAGE_LOADS (9).
import { execFileSync } from 'node:child_process';
import { createPrismaClient } from '@levelfield/db/client';
import { createTestDatabase, useTestPostgres } from '@levelfield/db/testing';
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import pg from 'pg';
import {
  Agent,
  capacitySlice,
  cpuSeconds,
  createRun,
  FRAME_SUMMARY,
  loadAverage,
  log,
  median,
  postgresCpuSeconds,
  postmasterPid,
  round,
} from '../apps/ingest-api/bench/harness.ts';
import { newId } from '../apps/ingest-api/src/ids.ts';
import {
  appDir,
  createToken,
  HISTOGRAM,
  latencies,
  seedFixture,
  spawnServer,
} from '../apps/ingest-api/test/fixtures.ts';
import { loadRange, loadTimelines } from '../apps/web/src/server/runs/timeline.ts';
import { DAY_SECONDS, SERIES as DAY_SERIES, seedDayRun, waitForRollups } from './day-run.ts';

const SIZES = (process.env.BENCH_STORED_FRAMES ?? '20000000').split(',').map(Number);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 5);
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 9);
/** Frames per posted batch (one per series), as bench:ingest's agents. */
const BATCH_SERIES = 100;
/** A stored run-hour: series of 3,600 1-s frames, 10 to a run. */
const FRAMES_PER_SERIES = 3600;
const SERIES_PER_RUN = 10;
/** Series loaded per INSERT … SELECT (180,000 frames): progress is logged between them. */
const SERIES_PER_STATEMENT = 50;

interface Measured {
  stored_frames: number;
  ingest_frames_per_s: number;
  page_ms: number;
  wal_bytes_per_frame: number;
  load_average: number;
}

/** Encoded size (bytes, compressed V2) of `samples` bench latencies at 2 and 3 significant digits. */
function histogramBytes(samples: number): { 2: number; 3: number } {
  const size = (significantFigures: 2 | 3) => {
    const h = new Histogram({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 3_600_000_000,
      significantFigures,
    });
    for (const value of latencies(samples)) h.recordValue(value);
    return Buffer.from(encodeBase64(h), 'base64').length;
  };
  return { 2: size(2), 3: size(3) };
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['build.mjs'], { cwd: appDir, stdio: 'inherit' });
  const postgres = await useTestPostgres();
  const database = await createTestDatabase('storage');
  const owner = new pg.Client({ connectionString: database.ownerUrl });
  await owner.connect();
  const prisma = createPrismaClient(database.url, { max: 4 });
  let server = await spawnServer(database.url, { INGEST_ROLLUP_INTERVAL_MS: '86400000' });
  const agents: Agent[] = [];
  try {
    const fixture = await seedFixture(database.url);

    // 1. The 24-hour run, then its rollups by a fresh instance (the seeding one is killed, so it
    // merges nothing on the way out: SIGTERM would drain the pending buckets).
    const dayRun = await seedDayRun(server.url, fixture.token, 'demo');
    server.process.kill('SIGKILL');
    await server.exited;
    const postmaster = await postmasterPid(database.ownerUrl);
    const rollupFrom = { pg: postgresCpuSeconds(postmaster), at: performance.now() };
    server = await spawnServer(database.url, {
      INGEST_ROLLUP_CPU_SHARE: '1',
      INGEST_ROLLUP_INTERVAL_MS: '1000',
    });
    const merger = server.process.pid!;
    await waitForRollups(database.url, dayRun);
    const mergerCpu = cpuSeconds(merger);
    const rollupCpu = mergerCpu + postgresCpuSeconds(postmaster) - rollupFrom.pg;
    const dayFrames = DAY_SECONDS * DAY_SERIES.length;
    const rollupFramesPerCpuS = dayFrames / rollupCpu;
    log(
      `rollups: ${dayFrames} frames merged in ${round((performance.now() - rollupFrom.at) / 1000)} s, ` +
        `${round(mergerCpu)} CPU s in ingest-api + ${round(rollupCpu - mergerCpu)} in PostgreSQL → ` +
        `${Math.round(rollupFramesPerCpuS)} frames per CPU-second; ` +
        `load average ${loadAverage().join(' ')}`,
    );
    server.process.kill('SIGTERM');
    await server.exited;
    server = await spawnServer(database.url);

    // Closed-loop agents, each with a token of its own (the per-token rate limit is sized for
    // agents posting once a second), reused by every measurement.
    for (let i = 0; i < CONCURRENCY; i += 1) {
      const token = await createToken(owner, fixture.projectId, ['ingest']);
      agents.push(new Agent(server.url, token, await createRun(server.url, token), BATCH_SERIES));
    }
    const loadPage = async () => {
      const start = performance.now();
      await Promise.all([loadTimelines(prisma, dayRun), loadRange(prisma, dayRun, {})]);
      return performance.now() - start;
    };
    const walLsn = async () =>
      (await owner.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
    const walBytes = async (from: string) =>
      Number(
        (
          await owner.query<{ n: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS n', [
            from,
          ])
        ).rows[0]!.n,
      );

    const measure = async (stored: number): Promise<Measured> => {
      await loadPage(); // plans and Prisma warm
      const pages: number[] = [];
      const rates: number[] = [];
      let frames = 0;
      let wal = 0;
      for (let r = 0; r < ROUNDS; r += 1) {
        for (let i = 0; i < Math.ceil(PAGE_LOADS / ROUNDS); i += 1) pages.push(await loadPage());
        const from = await walLsn();
        const slice = await capacitySlice(agents, SLICE_S);
        wal += await walBytes(from);
        frames += slice.reduce((a, b) => a + b, 0);
        rates.push(...slice);
      }
      const result = {
        stored_frames: stored,
        ingest_frames_per_s: Math.round(median(rates)),
        page_ms: round(median(pages)),
        wal_bytes_per_frame: Math.round(wal / frames),
        load_average: loadAverage()[0]!,
      };
      log(`measured: ${JSON.stringify(result)} (page loads ${pages.map((p) => Math.round(p)).join(' ')} ms)`);
      return result;
    };

    await owner.query('CHECKPOINT'); // the 24-hour run's writes, settled as the loads' are below
    const results = [await measure(0)];

    // 2. Bulk-load run-hours up to each size, measuring at each.
    const { rows: template } = await owner.query<{ id: string }>(
      'SELECT id FROM series WHERE run_id = $1 ORDER BY name LIMIT 1',
      [dayRun],
    );
    const histogram = Buffer.from(HISTOGRAM, 'base64');
    const f = FRAME_SUMMARY;
    const hourStart = new Date(Date.now() - 23 * 3600_000);
    let stored = 0;
    let loadSeconds = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await owner.query('SET session_replication_role = replica');
      while (stored < size) {
        const seriesCount = Math.min(SERIES_PER_STATEMENT, Math.ceil((size - stored) / FRAMES_PER_SERIES));
        // Runs: copies of the 24-hour run's row under new ids (no API round trip, no rate limit).
        const runs = Array.from({ length: Math.ceil(seriesCount / SERIES_PER_RUN) }, () => newId());
        await owner.query(
          `INSERT INTO runs
           SELECT (jsonb_populate_record(NULL::runs, to_jsonb(r) || jsonb_build_object('id', x.id, 'name', 'bench: stored run-hour'))).*
             FROM runs r CROSS JOIN unnest($2::text[]) AS x(id) WHERE r.id = $1`,
          [dayRun, runs],
        );
        const ids = Array.from({ length: seriesCount }, () => newId());
        await owner.query(
          `INSERT INTO series (id, run_id, name, kind, unit, labels_key)
           SELECT id, ($2::text[])[1 + (n - 1) / ${SERIES_PER_RUN}], 'latency', 'latency', 'us', id
             FROM unnest($1::text[]) WITH ORDINALITY AS s(id, n)`,
          [ids, runs],
        );
        await owner.query(
          `INSERT INTO frames (series_id, seq, start_at, end_at, warmup, count, min, max, mean, p50, p90, p95, p99, p999, histogram)
           SELECT s.id, g, $2::timestamptz + g * interval '1 second', $2::timestamptz + (g + 1) * interval '1 second', false,
                  $4, $5, $6, $7, $8, $9, $10, $11, $12, $3::bytea
             FROM unnest($1::text[]) AS s(id) CROSS JOIN generate_series(0, ${FRAMES_PER_SERIES - 1}) AS g`,
          [ids, hourStart, histogram, f.count, f.min, f.max, f.mean, f.p50, f.p90, f.p95, f.p99, f.p999],
        );
        // The run-hour's minute rollups, copies of one of the 24-hour run's.
        await owner.query(
          `INSERT INTO rollups (series_id, width_seconds, bucket_start, frame_count, warmup_frames, count, min, max, mean,
                                p50, p90, p95, p99, p999, histogram, duration_ms, bands, updated_at)
           SELECT s.id, r.width_seconds, $2::timestamptz + m * interval '60 seconds', r.frame_count, r.warmup_frames,
                  r.count, r.min, r.max, r.mean, r.p50, r.p90, r.p95, r.p99, r.p999, r.histogram, r.duration_ms, r.bands, now()
             FROM unnest($1::text[]) AS s(id) CROSS JOIN generate_series(0, ${FRAMES_PER_SERIES / 60 - 1}) AS m
             CROSS JOIN (SELECT * FROM rollups WHERE series_id = $3 LIMIT 1) AS r`,
          [ids, hourStart, template[0]!.id],
        );
        stored += seriesCount * FRAMES_PER_SERIES;
        if (stored % 1_800_000 === 0 || stored >= size)
          log(`loaded ${stored} frames (${round((performance.now() - started) / 1000)} s)`);
      }
      await owner.query('SET session_replication_role = DEFAULT');
      await owner.query('VACUUM ANALYZE frames, rollups, series');
      // Settle the load's own writes: without it the checkpoint the load's WAL set off writes
      // gigabytes during the measurement (seen: ingest at half its rate), which is the load's
      // cost, not the stored volume's.
      await owner.query('CHECKPOINT');
      const seconds = (performance.now() - started) / 1000;
      loadSeconds += seconds;
      log(`${stored} frames stored; loading with VACUUM ANALYZE took ${round(seconds)} s`);
      results.push(await measure(stored));
    }

    // Bytes per frame, over everything stored now.
    const { rows: sizes } = await owner.query<{ frames: string; bytes: string; row: number; hist: number }>(
      `SELECT (SELECT count(*) FROM frames)::text AS frames,
              (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('frames'))::text AS bytes,
              avg(pg_column_size(f.*))::float8 AS row, avg(pg_column_size(f.histogram))::float8 AS hist
         FROM frames f TABLESAMPLE SYSTEM (1)`,
    );
    const onDisk = Number(sizes[0]!.bytes) / Number(sizes[0]!.frames);
    const histograms = {
      100: histogramBytes(100),
      1000: histogramBytes(1000),
      10000: histogramBytes(10_000),
    };
    const empty = results[0]!;
    const last = results.at(-1)!;
    console.log(
      JSON.stringify({
        stored_frames: last.stored_frames,
        load_s: round(loadSeconds),
        ingest_ratio: round(last.ingest_frames_per_s / empty.ingest_frames_per_s, 2),
        page_ratio: round(empty.page_ms / last.page_ms, 2),
        measurements: results,
        bytes_per_frame_on_disk: Math.round(onDisk),
        bytes_per_frame_row: Math.round(sizes[0]!.row),
        histogram_bytes_stored: Math.round(sizes[0]!.hist),
        histogram_bytes_by_samples: histograms,
        rollup_frames_per_cpu_s: Math.round(rollupFramesPerCpuS),
        rollup_ingest_api_us_per_frame: round((mergerCpu / dayFrames) * 1e6),
        load_average: [empty.load_average, last.load_average],
      }),
    );
  } finally {
    for (const agent of agents) agent.close();
    server.process.kill('SIGTERM');
    await server.exited;
    await prisma.$disconnect();
    await owner.end();
    await database.drop();
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
