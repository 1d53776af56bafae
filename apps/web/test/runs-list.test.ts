// listRuns against a real PostgreSQL: visibility, filters, sorting and paging.
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRunsQuery } from '~/lib/runs-query';
import { listRuns } from '~/server/runs/list';

let database: TestDatabase;
let db: PrismaClient;
const ids = { member: '', outsider: '' };

beforeAll(async () => {
  database = await createTestDatabase('runslist');
  db = createPrismaClient(database.url, { max: 2 });
  const member = await db.user.create({ data: { email: 'member@example.test' } });
  const outsider = await db.user.create({ data: { email: 'outsider@example.test' } });
  ids.member = member.id;
  ids.outsider = outsider.id;
  const org = await db.organization.create({
    data: { slug: 'o', name: 'O', memberships: { create: { userId: member.id, role: 'viewer' } } },
  });
  const open = await db.project.create({
    data: { organizationId: org.id, slug: 'open', name: 'Open', visibility: 'public' },
  });
  const closed = await db.project.create({
    data: { organizationId: org.id, slug: 'closed', name: 'Closed', visibility: 'private' },
  });
  const pg = await db.system.create({ data: { projectId: open.id, name: 'postgresql' } });
  const my = await db.system.create({ data: { projectId: open.id, name: 'mysql' } });
  const base = Date.UTC(2026, 10, 1);
  for (let i = 0; i < 30; i++) {
    await db.run.create({
      data: {
        projectId: open.id,
        systemId: i % 2 ? pg.id : my.id,
        name: `public run ${String(i).padStart(2, '0')}`,
        benchmark: i % 3 ? 'pgbench' : 'tpcc',
        source: 'agent',
        status: i % 5 ? 'succeeded' : 'failed',
        labels: { clients: String(i % 4), scale: '10' },
        startedAt: new Date(base + i * 86_400_000),
      },
    });
  }
  await db.run.create({
    data: {
      projectId: closed.id,
      name: 'PRIVATE-MARKER run',
      benchmark: 'pgbench',
      source: 'agent',
      startedAt: new Date(base),
    },
  });
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

const q = (params: Record<string, string> = {}) => parseRunsQuery(params);

describe('listRuns', () => {
  it('shows private runs to members only', async () => {
    const anonymous = await listRuns(db, null, q({ size: '100' }));
    const outsider = await listRuns(db, ids.outsider, q({ size: '100' }));
    const member = await listRuns(db, ids.member, q({ size: '100' }));
    for (const page of [anonymous, outsider]) {
      expect(page.total).toBe(30);
      expect(page.rows.some((r) => r.name.includes('PRIVATE-MARKER'))).toBe(false);
    }
    expect(member.total).toBe(31);
  });

  it('pages with a stable order and the total count', async () => {
    const first = await listRuns(db, null, q({ size: '25' }));
    const second = await listRuns(db, null, q({ size: '25', page: '2' }));
    expect(first.rows).toHaveLength(25);
    expect(second.rows).toHaveLength(5);
    const all = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(all).size).toBe(30);
    expect(first.rows[0]!.name).toBe('public run 29');
  });

  it('sorts by name ascending', async () => {
    const page = await listRuns(db, null, q({ sort: 'name', dir: 'asc' }));
    expect(page.rows.slice(0, 3).map((r) => r.name)).toEqual([
      'public run 00',
      'public run 01',
      'public run 02',
    ]);
  });

  it('sorts by the status a run shows: a published result sorts as published, not succeeded', async () => {
    // A publication's result: stored as succeeded, shown (and sorted) as published.
    const any = await db.run.findFirstOrThrow({ where: { name: 'public run 01' } });
    const published = await db.run.create({
      data: {
        projectId: any.projectId,
        name: 'published result',
        benchmark: 'tpcc',
        source: 'published',
        status: 'succeeded',
        startedAt: any.startedAt,
        endedAt: any.startedAt,
      },
    });
    try {
      const page = await listRuns(db, null, q({ sort: 'status', dir: 'asc', size: '100' }));
      const shown = page.rows.map((r) => (r.source === 'published' ? 'published' : r.status));
      expect(shown).toEqual([...shown].sort());
      expect(shown.indexOf('published')).toBeGreaterThan(-1);
      expect(shown.indexOf('published')).toBeLessThan(shown.indexOf('succeeded'));
    } finally {
      await db.run.delete({ where: { id: published.id } });
    }
  });

  it('filters by system, benchmark, status, labels, text and dates together', async () => {
    const page = await listRuns(
      db,
      null,
      q({
        system: 'postgresql',
        benchmark: 'pgbench',
        status: 'succeeded',
        labels: 'clients=1',
        q: 'RUN',
        from: '2026-11-02',
        to: '2026-11-20',
        size: '100',
      }),
    );
    const names = page.rows.map((r) => r.name).sort();
    // odd i (postgresql), i % 3 ≠ 0 (pgbench), i % 5 ≠ 0, i % 4 = 1, started 2026-11-02 … 11-20 → i in 1..19
    expect(names).toEqual(['public run 01', 'public run 13', 'public run 17']);
    expect(page.total).toBe(3);
  });

  it('offers the systems and benchmarks the viewer can see as filter choices', async () => {
    const page = await listRuns(db, null, q());
    // Under their products' own names (lib/system-names.ts); stored as 'mysql' and 'postgresql'.
    expect(page.facets.systems).toEqual(['MySQL', 'PostgreSQL']);
    expect(page.facets.benchmarks).toEqual(['pgbench', 'tpcc']);
  });
});
