// Tests only: a small report snapshot — two entries, a published latency table (two transactions)
// and, when asked, one measured run per entry with a time line, a spectrum and a histogram.
import { encodeBase64, Histogram } from '@levelfield/metrics/hdr';
import type { ReportSnapshot, SnapshotRun } from '~/server/reports/snapshot';

type Row = ReportSnapshot['headline'][number];

function row(
  key: string,
  label: string,
  unit: string,
  values: (number | null)[],
  group: Row['group'] = 'latency',
): Row {
  return {
    key,
    label,
    unit,
    better: 'lower',
    group,
    cells: values.map((value) => ({ value, runs: value === null ? [] : [value] })),
    ratios: values.map((v, i) =>
      i === 0 || v === null || values[0] === null
        ? null
        : { text: `${(v / values[0]!).toFixed(1)}× slower`, ratio: v / values[0]! },
    ),
  };
}

function measuredRun(id: string, startedAt: number, latencyUs: number): Partial<SnapshotRun> {
  const histogram = new Histogram();
  for (let i = 1; i <= 100; i++) histogram.recordValue(latencyUs * i);
  const points = [0, 1, 2].map((i) => ({
    t: startedAt + i * 1000,
    end: startedAt + (i + 1) * 1000,
    count: 100,
    warmup: i === 0,
    max: latencyUs * 100,
    p50: latencyUs * 50,
    p90: latencyUs * 90,
    p99: latencyUs * 99,
    p999: latencyUs * 100,
  }));
  return {
    id,
    timelines: [
      {
        seriesId: `s-${id}`,
        name: 'latency',
        kind: 'latency',
        unit: 'us',
        labels: { txn: 'tx' },
        points,
        resolution: 'frames',
      } as never,
    ],
    spectra: [
      { seriesId: `s-${id}`, spectrum: [50, 90, 99].map((p) => ({ percentile: p, value: latencyUs * p })) },
    ],
    histograms: [{ seriesId: `s-${id}`, name: 'latency', unit: 'us', histogram: encodeBase64(histogram) }],
  };
}

function run(entry: string, measured: Partial<SnapshotRun> | null, startedAt: number): SnapshotRun {
  return {
    id: `run-${entry}`,
    name: `${entry}, as published`,
    status: 'succeeded',
    source: measured ? 'agent' : 'published',
    sourceUrl: null,
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(startedAt + 3000).toISOString(),
    system: entry,
    provenance: {} as never,
    disclosure: {} as never,
    values: [],
    timelines: [],
    spectra: [],
    histograms: [],
    ...measured,
  } as SnapshotRun;
}

export function snapshotFixture({ measured = false, sweep = false } = {}): ReportSnapshot {
  const start = Date.UTC(2026, 0, 1);
  return {
    format: 'levelfield.report/v1',
    report: {
      slug: 'a-vs-b',
      version: 3,
      title: 'A vs B',
      publishedAt: '2026-01-02T00:00:00.000Z',
      publishedBy: 'Pat',
    },
    comparison: { slug: 'a-vs-b', title: 'A vs B', description: null, project: 'acme/demo', baseline: 0 },
    entries: [
      {
        label: 'A',
        position: 0,
        runs: [run('A', measured ? measuredRun('run-A', start, 1000) : null, start)],
      },
      {
        label: 'B, tuned',
        position: 1,
        runs: [run('B', measured ? measuredRun('run-B', start + 60_000, 2000) : null, start + 60_000)],
      },
    ],
    headline: [
      { ...row('tpmC', 'tpmC', 'tpmC', [1000, 2000], 'throughput'), better: 'higher' },
      row(
        'latency:endPoint=initiate,percentile=p50,transaction=New Order',
        'Latency New Order initiate p50',
        'ms',
        [null, 20],
      ),
      row(
        'latency:endPoint=complete,percentile=p50,transaction=New Order',
        'Latency New Order complete p50',
        'ms',
        [400, 1100],
      ),
      row(
        'latency:endPoint=complete,percentile=p99,transaction=New Order',
        'Latency New Order complete p99',
        'ms',
        [9000, 2200],
      ),
      row(
        'latency:endPoint=complete,percentile=max,transaction=New Order',
        'Latency New Order complete max',
        'ms',
        [45000, 3000],
      ),
      row('latency:percentile=p50,transaction=Payment', 'Latency Payment p50', 'ms', [250, 1100]),
      row('latency:percentile=p999,transaction=Payment', 'Latency Payment p99.9', 'ms', [15000, 2300]),
    ],
    checks: [
      { id: 'F-HW-1', title: 'Same hardware', mode: 'AUTO', state: 'flag', message: 'differs', evidence: [] },
      {
        id: 'F-HW-2',
        title: 'Same resources',
        mode: 'AUTO',
        state: 'flag',
        message: 'differs',
        evidence: [],
        decision: {
          checkId: 'F-HW-2',
          decision: 'waived',
          justification: 'declared',
          by: 'Pat',
          at: '2026-01-02T00:00:00.000Z',
        },
      },
      { id: 'F-COST-1', title: 'Same costs', mode: 'AUTO', state: 'pass', message: 'ok', evidence: [] },
    ],
    history: {},
    confounding: null,
    provenanceDiff: [],
    sweep: sweep ? { parameter: 'instance', values: ['A', 'B, tuned'] } : null,
    related: [],
  };
}
