// Published results against a real PostgreSQL: CSV and JSON through published.import (editors
// only, all or nothing), then a comparison of an imported publication against an agent-measured
// run, where F-MEAS-8 flags the publication's estimated values.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComparison } from '~/server/comparisons/create';
import { getComparison } from '~/server/comparisons/view';
import { publishedRouter } from '~/server/routers/published';
import { createCallerFactory } from '~/server/trpc';
import { outcome as code, orgWithPeople } from './support.ts';

let database: TestDatabase;
let db: PrismaClient;
const fx = { editor: '', viewer: '', project: '', agentRun: '' };
const caller = (viewerId: string | null) => createCallerFactory(publishedRouter)({ db, viewerId });
const where = { org: 'acme', project: 'demo' };

const CSV = `run,system,benchmark,source_url,published,quantity,value,text,unit,origin,quality,source
"Rama, 4 nodes",Rama,TPC-C,https://blog.redplanetlabs.com/rama-tpcc,2025-03-01,tpmC,1684437,"1,684,437",tpmC,imported,measured,Table 1
"Rama, 4 nodes",Rama,TPC-C,https://blog.redplanetlabs.com/rama-tpcc,2025-03-01,latency.delivery.complete.p50,1100,"1,100*",ms,estimated,,"Latency table, footnote *"
"Rama, 4 nodes",Rama,TPC-C,https://blog.redplanetlabs.com/rama-tpcc,2025-03-01,efficiency,0.955,95.5%,,imported,measured,Table 1
`;

beforeAll(async () => {
  database = await createTestDatabase('published');
  db = createPrismaClient(database.url, { max: 2 });
  const { orgId, ids } = await orgWithPeople(db, 'acme', {
    editor: { name: 'Edna Editor', role: 'editor' },
    viewer: { name: 'Vi Viewer', role: 'viewer' },
  });
  Object.assign(fx, ids);
  fx.project = (
    await db.project.create({
      data: { organizationId: orgId, slug: 'demo', name: 'Demo', visibility: 'public' },
    })
  ).id;
  fx.agentRun = (
    await db.run.create({
      data: {
        projectId: fx.project,
        name: 'CockroachDB, measured',
        benchmark: 'TPC-C',
        source: 'agent',
        status: 'succeeded',
        startedAt: new Date(),
        values: [
          {
            metric: 'tpmC',
            value: 1_000_000,
            unit: 'tpmC',
            labels: {},
            origin: 'captured',
            quality: 'measured',
          },
        ],
      },
    })
  ).id;
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe('published.import', () => {
  it('is for editors: viewers are refused, anonymous visitors asked to sign in', async () => {
    expect(await code(caller(fx.viewer).import({ ...where, format: 'csv', text: CSV }))).toBe('FORBIDDEN');
    expect(await code(caller(null).import({ ...where, format: 'csv', text: CSV }))).toMatch(
      /UNAUTHENTICATED|FORBIDDEN|NOT_FOUND/,
    );
    expect(await db.run.count({ where: { source: 'published' } })).toBe(0);
  });

  it('stores nothing when one row is bad, and names its line and field', async () => {
    const bad = `${CSV}Other,Other,TPC-C,ftp//nowhere,,tpmC,5,,,,,\n`;
    const out = await caller(fx.editor).import({ ...where, format: 'csv', text: bad });
    expect(out).toEqual({
      status: 'invalid',
      errors: [expect.objectContaining({ line: 5, field: 'source_url' })],
    });
    expect(await db.run.count({ where: { source: 'published' } })).toBe(0);
  });

  it('stores a CSV as one published run with its values, source URL and date', async () => {
    const out = await caller(fx.editor).import({ ...where, format: 'csv', text: CSV });
    expect(out).toMatchObject({ status: 'stored', runs: [{ name: 'Rama, 4 nodes' }] });
    const run = await db.run.findFirstOrThrow({
      where: { source: 'published', name: 'Rama, 4 nodes' },
      include: { system: true },
    });
    expect(run).toMatchObject({
      benchmark: 'TPC-C',
      status: 'succeeded',
      sourceUrl: 'https://blog.redplanetlabs.com/rama-tpcc',
      startedAt: new Date('2025-03-01T00:00:00Z'),
      createdById: fx.editor,
      system: { name: 'Rama' },
    });
    expect(run.values).toEqual([
      expect.objectContaining({
        metric: 'tpmC',
        value: 1684437,
        text: '1,684,437',
        origin: 'imported',
        quality: 'measured',
      }),
      expect.objectContaining({
        metric: 'latency',
        labels: { transaction: 'Delivery', endPoint: 'complete', percentile: 'p50' },
        quality: 'estimated',
        source: 'Latency table, footnote *',
      }),
      expect.objectContaining({ metric: 'efficiency', value: 0.955, text: '95.5%' }),
    ]);
    expect(await db.series.count({ where: { runId: run.id } })).toBe(0);
  });

  it('stores a JSON array in one transaction; a bad second result names itself and stores nothing', async () => {
    const good = {
      system: { name: 'Postgres', version: '17' },
      benchmark: { name: 'TPC-C' },
      name: 'Postgres, vendor blog',
      sourceUrl: 'https://example.com/pg',
      values: [{ quantity: 'tpmC', value: 500000, unit: 'tpmC', quality: 'quoted' }],
    };
    const bad = { ...good, name: 'Broken', values: [{ quantity: 'tpmC', value: 'many', unit: 'tpmC' }] };
    const before = await db.run.count();
    const invalid = await caller(fx.editor).import({
      ...where,
      format: 'json',
      text: JSON.stringify([good, bad]),
    });
    expect(invalid).toEqual({
      status: 'invalid',
      errors: [expect.objectContaining({ field: 'result 2 (“Broken”): values[0].value' })],
    });
    expect(await db.run.count()).toBe(before);
    const stored = await caller(fx.editor).import({ ...where, format: 'json', text: JSON.stringify(good) });
    expect(stored).toMatchObject({ status: 'stored', runs: [{ name: 'Postgres, vendor blog' }] });
    const run = await db.run.findFirstOrThrow({ where: { name: 'Postgres, vendor blog' } });
    expect(run.systemVersion).toBe('17');
  });

  it('is idempotent: the same result imported again answers with the stored run, a changed one is new', async () => {
    const before = await db.run.count({ where: { source: 'published' } });
    const again = await caller(fx.editor).import({ ...where, format: 'csv', text: CSV });
    const first = await db.run.findFirstOrThrow({ where: { source: 'published', name: 'Rama, 4 nodes' } });
    expect(again).toEqual({
      status: 'stored',
      runs: [{ id: first.id, name: 'Rama, 4 nodes', existing: true }],
      warnings: [],
    });
    // Reordered rows and trailing blanks are the same input.
    const [header, ...rows] = CSV.trim().split('\n');
    const reordered = [header, ...rows.reverse()].join('\n');
    const same = await caller(fx.editor).import({ ...where, format: 'csv', text: reordered });
    expect(same).toMatchObject({ status: 'stored', runs: [{ id: first.id, existing: true }] });
    expect(await db.run.count({ where: { source: 'published' } })).toBe(before);
    // Identical imports at once (a double submit) still store one run: each waits for the other.
    const changed = CSV.replace('1684437,', '1684438,');
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => caller(fx.editor).import({ ...where, format: 'csv', text: changed })),
    );
    const runs = outcomes.map((o) => (o.status === 'stored' ? o.runs[0] : undefined));
    expect(new Set(runs.map((r) => r?.id)).size).toBe(1);
    expect(runs[0]?.id).not.toBe(first.id);
    expect(runs.filter((r) => r?.existing === false)).toHaveLength(1);
    expect(await db.run.count({ where: { source: 'published' } })).toBe(before + 1);
  });

  it('refuses a misspelt provenance key with the field meant, keeps a key of its own with a warning, and fills the run facts in', async () => {
    const result = (provenance: object, name: string) => ({
      system: { name: 'Kafka', version: '3.6' },
      benchmark: { name: 'OpenMessaging Benchmark', version: '0.0.1' },
      name,
      sourceUrl: 'https://example.com/kafka',
      provenance,
      values: [],
    });
    const field = (value: unknown) => ({ value, origin: 'imported' });
    const typo = await caller(fx.editor).import({
      ...where,
      format: 'json',
      text: JSON.stringify(
        result({ nodes: [{ role: 'sut', name: 'b', hardware: { vCPUs: field(8) } }] }, 'typo'),
      ),
    });
    expect(typo).toMatchObject({
      status: 'invalid',
      errors: [
        {
          field: 'provenance.nodes[0].hardware.vCPUs',
          message: expect.stringMatching(/did you mean “vcpus”/),
        },
      ],
    });
    const own = await caller(fx.editor).import({
      ...where,
      format: 'json',
      text: JSON.stringify(result({ client: { producers: field(4) } }, 'Kafka, 4 producers')),
    });
    expect(own).toMatchObject({
      status: 'stored',
      warnings: [
        {
          field: 'provenance.client.producers',
          message: expect.stringMatching(/kept as a field of your own/),
        },
      ],
    });
    const run = await db.run.findFirstOrThrow({ where: { name: 'Kafka, 4 producers' } });
    expect(run.provenance).toMatchObject({
      run: { benchmark: { value: 'OpenMessaging Benchmark' }, benchmarkVersion: { value: '0.0.1' } },
      software: { components: { value: { Kafka: '3.6' } } },
      client: { producers: { value: 4 } },
    });
  });

  it('rejects JSON that does not parse with a clear message', async () => {
    const out = await caller(fx.editor).import({ ...where, format: 'json', text: '{"name": ' });
    expect(out).toMatchObject({
      status: 'invalid',
      errors: [{ field: 'JSON', message: expect.stringMatching(/not valid JSON/) }],
    });
  });
});

describe('a publication compared with a measured run', () => {
  it('F-MEAS-8 flags the estimated latency, with evidence', async () => {
    const published = await db.run.findFirstOrThrow({ where: { name: 'Rama, 4 nodes' } });
    const { slug } = await createComparison(
      db,
      fx.editor,
      { projectId: fx.project },
      {
        slug: 'rama-published-vs-measured',
        title: 'Rama (published) vs CockroachDB (measured)',
        entries: [
          { label: 'Rama', runIds: [published.id] },
          { label: 'CockroachDB', runIds: [fx.agentRun] },
        ],
      },
    );
    const view = await getComparison(db, fx.editor, slug);
    const meas8 = view.checks.find((c) => c.id === 'F-MEAS-8');
    expect(meas8?.state).toBe('flag');
    expect(meas8?.evidence).toEqual([
      expect.objectContaining({
        entry: 'Rama',
        // jsonb stores the labels' keys in its own order
        field: expect.stringMatching(
          /^values\.latency\[(?=.*transaction=Delivery)(?=.*endPoint=complete)(?=.*percentile=p50)/,
        ),
        value: '1,100*',
        quality: 'estimated',
        origin: 'imported',
      }),
    ]);
  });
});

describe('credentials in what people enter', () => {
  it('are redacted before a published result is stored, by the same rules and corpus as the agent', async () => {
    const { default: corpus } = await import('@levelfield/contracts/vectors/credentials.json', {
      with: { type: 'json' },
    });
    const secrets = corpus.cases.filter((c) => (c.kind === 'url' || c.kind === 'value') && c.secret);
    const field = (value: string) => ({ value, origin: 'declared' as const });
    const result = {
      system: { name: 'Redacted' },
      benchmark: { name: 'B' },
      name: 'credentials pasted into a setup',
      sourceUrl: 'https://example.org/setup',
      provenance: {
        settings: Object.fromEntries(
          secrets.map((c, i) => [`x-pasted-${i}`, field([c.input].flat().join(' '))]),
        ),
      },
    };
    const out = await caller(fx.editor).import({ ...where, format: 'json', text: JSON.stringify(result) });
    expect(out.status).toBe('stored');
    const stored = await db.run.findFirstOrThrow({ where: { name: 'credentials pasted into a setup' } });
    const text = JSON.stringify(stored.provenance);
    const leaked = secrets.filter((c) => [c.secret ?? []].flat().some((secret) => text.includes(secret)));
    expect(leaked.map((c) => c.note)).toEqual([]);
    expect(text).toContain(corpus.marker);
  });

  it('are redacted from the source URLs: a presigned link to the publication keeps its address only', async () => {
    const signature = 'fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024';
    const credential = 'AKIAIOSFODNN7EXAMPLE%2F20251101%2Fus-east-1%2Fs3%2Faws4_request';
    const sourceUrl =
      'https://bench-results.s3.amazonaws.com/2025/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
      `&X-Amz-Credential=${credential}&X-Amz-Date=20251101T000000Z&X-Amz-Expires=604800` +
      `&X-Amz-SignedHeaders=host&X-Amz-Signature=${signature}`;
    const result = {
      system: { name: 'Redacted' },
      benchmark: { name: 'B' },
      name: 'a presigned source',
      sourceUrl,
      // A value read from an artefact shared the same way.
      values: [{ quantity: 'tpmC', value: 1, unit: 'tpmC', source: sourceUrl }],
    };
    const out = await caller(fx.editor).import({ ...where, format: 'json', text: JSON.stringify(result) });
    expect(out.status).toBe('stored');
    const stored = await db.run.findFirstOrThrow({ where: { name: 'a presigned source' } });
    expect(JSON.stringify(stored.values)).not.toContain(signature);
    expect(stored.values).toMatchObject([{ metric: 'tpmC', value: 1, source: stored.sourceUrl }]);
    expect(stored.sourceUrl).toBe(
      'https://bench-results.s3.amazonaws.com/2025/report.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=[REDACTED]&X-Amz-Date=20251101T000000Z&X-Amz-Expires=604800' +
        '&X-Amz-SignedHeaders=host&X-Amz-Signature=[REDACTED]',
    );
  });
});
