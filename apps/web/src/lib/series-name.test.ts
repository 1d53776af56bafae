import { describe, expect, it } from 'vitest';
import { type NamedSeries, pgbenchScriptNames, repeatedSeries, seriesNamer } from './series-name';

describe('seriesNamer', () => {
  it('names a lone series by its metric, whatever its tags', () => {
    const one = { name: 'latency', labels: { script: '0' } };
    expect(seriesNamer([one])(one)).toBe('latency');
  });

  it('adds the tags that tell series of one metric apart, as words', () => {
    const series = [
      { name: 'latency', labels: { script: '0', host: 'db1' } },
      { name: 'latency', labels: { script: '1', host: 'db1' } },
      { name: 'schedule_lag', labels: { script: '0', host: 'db1' } },
    ];
    const name = seriesNamer(series);
    expect(series.map(name)).toEqual(['latency (script 0)', 'latency (script 1)', 'schedule_lag']);
  });

  it('lists several differing tags in a stable order and leaves out a tag a series lacks', () => {
    const series: NamedSeries[] = [
      { name: 'http_req_duration', labels: { status: '200', method: 'GET' } },
      { name: 'http_req_duration', labels: { method: 'POST', status: '500' } },
      { name: 'http_req_duration', labels: { method: 'GET' } },
    ];
    expect(series.map(seriesNamer(series))).toEqual([
      'http_req_duration (method GET, status 200)',
      'http_req_duration (method POST, status 500)',
      'http_req_duration (method GET)',
    ]);
  });

  it('names pgbench scripts as pgbench does, from the scripts the agent recorded', () => {
    const provenance = {
      workload: {
        parameters: {
          value: { scripts: ['builtin simple-update @2', 'builtin select-only @8'], protocol: 'simple' },
          origin: 'captured',
        },
      },
    };
    const series = [
      { name: 'latency', labels: { script: '0' } },
      { name: 'latency', labels: { script: '1' } },
    ];
    expect(series.map(seriesNamer(series, pgbenchScriptNames(provenance)))).toEqual([
      'latency (script 1: builtin simple-update @2)',
      'latency (script 2: builtin select-only @8)',
    ]);
    // Without the recorded scripts (an import, an older agent): the log's numbers, as stored.
    expect(pgbenchScriptNames({})).toEqual({});
    expect(series.map(seriesNamer(series, pgbenchScriptNames({})))).toEqual([
      'latency (script 0)',
      'latency (script 1)',
    ]);
  });

  it('finds a metric stored twice: its label-free series and its only tag set, holding the same samples', () => {
    const all: (NamedSeries & { n: number })[] = [
      { name: 'latency', labels: {}, n: 10 },
      { name: 'latency', labels: { script: '0' }, n: 10 },
      { name: 'http_reqs', labels: {}, n: 7 },
      { name: 'http_reqs', labels: { status: '200' }, n: 5 },
      { name: 'iterations', labels: {}, n: 3 },
      { name: 'checks', labels: {}, n: 4 },
      { name: 'checks', labels: { check: 'a' }, n: 2 },
      { name: 'checks', labels: { check: 'b' }, n: 2 },
    ];
    const repeats = repeatedSeries(all, (a, b) => a.n === b.n);
    // Only the one whose tagged series holds every sample: other samples, or several tag sets, are not repeats.
    expect([...repeats].map(([bare, tagged]) => [bare.name, tagged.labels])).toEqual([
      ['latency', { script: '0' }],
    ]);
  });
});
