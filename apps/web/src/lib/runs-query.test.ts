import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, parseRunsQuery, RUN_COLUMNS, runsQueryToSearch, SORTABLE } from './runs-query.ts';

describe('runs explorer URL state', () => {
  it('defaults everything when the URL has no parameters', () => {
    const query = parseRunsQuery({});
    expect(query).toMatchObject({
      page: 1,
      size: 25,
      sort: 'startedAt',
      dir: 'desc',
      labels: [],
      cols: DEFAULT_COLUMNS,
    });
    expect(runsQueryToSearch(query)).toBe('');
  });

  it('round-trips every parameter through the URL', () => {
    const search =
      '?page=3&size=50&sort=name&dir=asc&q=tpcc&system=postgresql&benchmark=pgbench&status=failed&labels=clients%3D8%2Cscale%3D10&from=2026-11-01&to=2026-11-20&cols=name%2Cstatus%2Clabels';
    const query = parseRunsQuery(Object.fromEntries(new URLSearchParams(search)));
    expect(query).toMatchObject({
      page: 3,
      size: 50,
      sort: 'name',
      dir: 'asc',
      q: 'tpcc',
      status: 'failed',
      labels: ['clients=8', 'scale=10'],
      cols: ['name', 'status', 'labels'],
    });
    expect(runsQueryToSearch(query)).toBe(search);
  });

  it('replaces malformed values by their defaults instead of failing the page', () => {
    const query = parseRunsQuery({
      page: '-4',
      size: '7',
      sort: 'password',
      status: 'exploded',
      from: 'yesterday',
      labels: 'nonsense',
      cols: 'secret',
    });
    expect(query).toMatchObject({
      page: 1,
      size: 25,
      sort: 'startedAt',
      status: undefined,
      from: undefined,
      labels: [],
      cols: DEFAULT_COLUMNS,
    });
  });
});

describe('runs explorer sorting', () => {
  it('sorts by every column but labels and the trend', () => {
    for (const sort of ['duration', 'throughput', 'p50', 'p99', 'project', 'source'])
      expect(parseRunsQuery({ sort }).sort).toBe(sort);
    for (const sort of ['labels', 'trend']) expect(parseRunsQuery({ sort }).sort).toBe('startedAt');
    expect(SORTABLE).toHaveLength(RUN_COLUMNS.length - 2);
  });
});
