// npm run bench:row-cost -w @levelfield/ingest-api — what PostgreSQL spends per stored frame, by
// table layout. bench:ingest showed the ingest path bound by PostgreSQL's per-row cost on these
// cores (closed-loop capacity within a few % of a raw INSERT of the same rows), so this measures
// where that cost goes before anyone changes the schema for it.
//
// On a throwaway PostgreSQL with every migration applied, the same 120-frame batches (one frame per
// series, in the ingest path's statement and binary encoding: frames/insert.ts and columns.ts) go
// over 2 connections into:
//   frames      the migrated table itself (primary key (series_id, seq, start_at), the
//               (series_id, start_at) index, the foreign key to series, day partitions);
//   no_fk       its copy without the foreign key;
//   one_index   its copy with one index, the key reordered (series_id, start_at, seq);
//   bare        its copy with that one index and no foreign key;
//   probe       the migrated table again, with the ingest path's reused-seq probe in front.
// The layouts alternate in SLICE_S slices for ROUNDS rounds, so all see the same machine weather;
// each reports the median of its slices' rows/s, and ratio = that / frames's. The last line is JSON.
// Knobs: BENCH_ROUNDS, BENCH_SLICE_S, BENCH_SERIES.
import { createTestDatabase, startThrowawayPostgres } from '@levelfield/db/testing';
import pg from 'pg';
import { frameColumns } from '../src/frames/columns.ts';
import { FRAME_COLUMN_NAMES, frameRows, reusedSeqs } from '../src/frames/insert.ts';
import type { FrameInput } from '../src/frames/validate.ts';
import { newId } from '../src/ids.ts';
import { HISTOGRAM, seedFixture } from '../test/fixtures.ts';
import { FRAME_SUMMARY, log, median, round } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE_S = Number(process.env.BENCH_SLICE_S ?? 3);
const SERIES = Number(process.env.BENCH_SERIES ?? 120);
const CONNECTIONS = 2;

/** Each copy's keys, on a table created LIKE frames (same columns and defaults). */
const COPIES: Record<string, string[]> = {
  no_fk: ['PRIMARY KEY (series_id, seq, start_at)', 'CREATE INDEX ON %T (series_id, start_at)'],
  one_index: [
    'PRIMARY KEY (series_id, start_at, seq)',
    'ALTER TABLE %T ADD FOREIGN KEY (series_id) REFERENCES series(id) ON DELETE CASCADE',
  ],
  bare: ['PRIMARY KEY (series_id, start_at, seq)'],
};

/** The ingest path's statement (frames/insert.ts) into a layout: the same rows, probe and conflict rule. */
function insertSql(layout: string): string {
  const probe = layout === 'probe';
  return `${probe ? `WITH reused AS (${reusedSeqs(1)}) ` : ''}INSERT INTO ${probe ? 'frames' : layout}
    (${FRAME_COLUMN_NAMES}) SELECT * FROM ${frameRows(1)}
    ${probe ? 'WHERE NOT EXISTS (SELECT 1 FROM reused)' : ''} ON CONFLICT DO NOTHING`;
}

async function createCopies(owner: pg.Client): Promise<void> {
  const day = 86_400_000;
  const from = new Date(Date.now() - 2 * day).toISOString();
  const to = new Date(Date.now() + 2 * day).toISOString();
  for (const [name, keys] of Object.entries(COPIES)) {
    const [primaryKey, ...rest] = keys;
    await owner.query(
      `CREATE TABLE ${name} (LIKE frames INCLUDING DEFAULTS, ${primaryKey}) PARTITION BY RANGE (start_at)`,
    );
    await owner.query(
      `CREATE TABLE ${name}_today PARTITION OF ${name} FOR VALUES FROM ('${from}') TO ('${to}')`,
    );
    for (const statement of rest) await owner.query(statement.replace('%T', name));
  }
}

/**
 * One slice of back-to-back batches into a layout over CONNECTIONS connections: rows per second.
 * Each batch is one frame per series, sent as the ingest path sends it (frameColumns' binary arrays).
 */
async function slice(
  pool: pg.Pool,
  layout: string,
  seriesIds: string[],
  next: () => number,
): Promise<number> {
  const text = insertSql(layout);
  const frameSeries = seriesIds.map((_, i) => i);
  let rows = 0;
  const start = performance.now();
  const deadline = start + SLICE_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          const seq = next();
          // One interval per seq, a second long, inside the copies' partition and today's frames one.
          const startMs = Date.now() - 3_600_000 + seq * 1000;
          const frames: FrameInput[] = seriesIds.map((_, i) => ({
            series: String(i),
            seq,
            startMs,
            endMs: startMs + 1000,
            warmup: false,
            ...FRAME_SUMMARY,
            histogram: HISTOGRAM,
          }));
          const values = frameColumns(frames, frameSeries, seriesIds);
          await client.query({ name: `row-cost-${layout}`, text, values });
          rows += seriesIds.length;
        }
      } finally {
        client.release();
      }
    }),
  );
  return rows / ((performance.now() - start) / 1000);
}

const postgres = process.env.LEVELFIELD_TEST_DATABASE_URL ? undefined : await startThrowawayPostgres();
if (postgres) process.env.LEVELFIELD_TEST_DATABASE_URL = postgres.url;
const database = await createTestDatabase('rowcost');
const owner = new pg.Client({ connectionString: database.ownerUrl });
const pool = new pg.Pool({
  connectionString: database.ownerUrl,
  max: CONNECTIONS,
  options: '-c TimeZone=UTC',
});
try {
  await owner.connect();
  const fixture = await seedFixture(database.ownerUrl);
  const runId = newId();
  await owner.query(
    `INSERT INTO runs (id, project_id, name, benchmark, source, started_at, updated_at)
     VALUES ($1, $2, 'row cost', 'row-cost', 'agent', now(), now())`,
    [runId, fixture.projectId],
  );
  const seriesIds = Array.from({ length: SERIES }, () => newId());
  await owner.query(
    `INSERT INTO series (id, run_id, name, kind, unit, labels_key)
     SELECT id, $1, 'row-cost', 'latency', 'us', id FROM unnest($2::text[]) AS id`,
    [runId, seriesIds],
  );
  // frames's own partitions for the hour the batches cover.
  await owner.query(`SELECT levelfield_create_frame_partitions(current_date - 1, 3)`);
  await createCopies(owner);
  const layouts = ['frames', ...Object.keys(COPIES), 'probe'];
  const seqs = new Map(layouts.map((l) => [l === 'probe' ? 'frames' : l, 0]));
  const rates = new Map(layouts.map((l) => [l, [] as number[]]));
  for (let r = 0; r < ROUNDS; r += 1)
    for (const layout of layouts) {
      const table = layout === 'probe' ? 'frames' : layout;
      const next = () => {
        const seq = (seqs.get(table) ?? 0) + 1;
        seqs.set(table, seq);
        return seq;
      };
      const rate = await slice(pool, layout, seriesIds, next);
      rates.get(layout)?.push(rate);
      log(`round ${r + 1}: ${layout} ${Math.round(rate)} rows/s`);
    }
  const medians = Object.fromEntries(layouts.map((l) => [l, Math.round(median(rates.get(l) ?? []))]));
  const base = medians.frames ?? 1;
  console.log(
    JSON.stringify({
      rows_per_s: medians,
      ratio_to_frames: Object.fromEntries(layouts.map((l) => [l, round((medians[l] ?? 0) / base, 2)])),
      rounds: ROUNDS,
      slice_s: SLICE_S,
      series: SERIES,
    }),
  );
} finally {
  await pool.end();
  await owner.end();
  await database.drop();
  await postgres?.stop();
}
