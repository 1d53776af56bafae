import { ComparisonInput } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import { seedBySlug } from '../../../test/seed-publications.ts';
import { buildHeadline, CI_METHOD, costPerTpmCHour, headlineKeyOf, threeYearPerTpmC } from './table.ts';

const ramaVsCockroachdb = seedBySlug('rama-vs-cockroachdb-tpcc');
const rdsMysqlTpcc = seedBySlug('rds-mysql-tpcc');

describe('headline table formulas on the seeds', () => {
  it('reproduces seed 000: $0.0000831 (CockroachDB) and $0.0000524 (Rama) per tpmC per hour', () => {
    const [crdb, rama] = ramaVsCockroachdb.input.entries;
    expect(costPerTpmCHour(crdb?.runs[0] as never)?.toFixed(7)).toBe('0.0000831');
    expect(costPerTpmCHour(rama?.runs[0] as never)?.toFixed(7)).toBe('0.0000524');
    const rows = buildHeadline(ramaVsCockroachdb.input, 0);
    const cost = rows.find((r) => r.key === 'costPerTpmCPerHour');
    expect(cost?.cells[1]?.formulaId).toBe('cost-per-tpmc-per-hour');
    expect(cost?.cells[1]?.published?.text).toBe('$0.0000524/hr');
    expect(cost?.ratios[1]?.text).toBe('1.6× cheaper');
    const eff = rows.find((r) => r.key === 'efficiency');
    expect(eff?.cells[0]?.formulaId).toBe('tpcc-efficiency/12.605');
    expect(rows.find((r) => r.key === 'tpmC')?.cells.map((c) => c.text)).toEqual(['1,684,437', '1,676,800']);
  });

  it('shows every other published quantity with its unit: seed 000 replication factor and lines of code', () => {
    const rows = buildHeadline(ramaVsCockroachdb.input, 0);
    const rf = rows.find((r) => r.key === 'value:replicationFactor');
    expect(rf?.label).toBe('Replication factor');
    expect(rf?.cells.map((c) => c.value)).toEqual([3, 3]);
    expect(rf?.ratios).toEqual([null, null]);
    const loc = rows.find((r) => r.key === 'value:linesOfCode{transaction=New Order}');
    expect(loc?.label).toBe('Lines of code (New Order)');
    expect(loc?.cells.every((c) => c.value !== null)).toBe(true);
    // An abbreviation a publication prints ("tps", "p99_ms") keeps its letters as read aloud.
    const printed = (metric: string) =>
      buildHeadline(
        {
          ...ramaVsCockroachdb.input,
          entries: ramaVsCockroachdb.input.entries.map((e) => ({
            ...e,
            runs: e.runs.map((r) => ({
              ...r,
              values: r.values.slice(0, 1).map((v) => ({ ...v, metric, labels: {} })),
            })),
          })),
        },
        0,
      ).find((r) => r.key === `value:${metric}`)?.label;
    expect(printed('tps')).toBe('TPS');
    expect(printed('writes_per_sec')).toBe('Writes per sec');
    // A quantity already in a row of its own is not repeated.
    expect(rows.filter((r) => r.label === 'TpmC' || r.key === 'value:tpmC')).toEqual([]);
  });

  it('finds the headline row of a quantity as a publication writes it', () => {
    const rows = buildHeadline(ramaVsCockroachdb.input, 0);
    expect(headlineKeyOf('tpmC', rows)).toBe('tpmC');
    expect(headlineKeyOf('latency[transaction=New Order, endPoint=complete, percentile=p99]', rows)).toBe(
      'latency:endPoint=complete,percentile=p99,transaction=New Order',
    );
    expect(headlineKeyOf('replicationFactor', rows)).toBe('value:replicationFactor');
    expect(headlineKeyOf('latency[p99]', rows)).toBeNull();
    expect(headlineKeyOf('noSuchQuantity', rows)).toBeNull();
  });

  it('words the ratio of another quantity as the headline does: a total duration is faster or slower', () => {
    const rows = buildHeadline(seedBySlug('temporal-databases').input, 0);
    const total = rows.find((r) => r.key.startsWith('value:totalDuration'));
    const texts = (total?.ratios ?? []).flatMap((r) => (r ? [r.text] : []));
    expect(texts.some((t) => !t.startsWith('same'))).toBe(true);
    for (const t of texts) expect(t).toMatch(/\b(faster|slower|same)\b/);
  });

  it("orders latency rows as the publication's table: each transaction and end point, its percentiles in order", () => {
    const keys = buildHeadline(ramaVsCockroachdb.input, 0)
      .filter((r) => r.key.startsWith('latency:') && r.key.includes('transaction=New Order'))
      .map((r) => r.label);
    expect(keys).toEqual([
      'Latency New Order initiate p50',
      'Latency New Order initiate p90',
      'Latency New Order initiate p95',
      'Latency New Order initiate p99',
      'Latency New Order initiate max',
      'Latency New Order complete p50',
      'Latency New Order complete p90',
      'Latency New Order complete p95',
      'Latency New Order complete p99',
      'Latency New Order complete max',
    ]);
  });

  it('reproduces seed 003 Table 4 3-year $/tpmC within rounding (±0.01)', () => {
    const rows = buildHeadline(rdsMysqlTpcc.input, 0);
    const row = rows.find((r) => r.key === 'dollarsPerTpmC3y');
    expect(row?.cells).toHaveLength(10);
    for (const cell of row?.cells ?? []) {
      expect(cell.formulaId).toBe('tpcc-3y-dollars-per-tpmc');
      expect(Math.abs((cell.value ?? 0) - (cell.published?.value ?? 0))).toBeLessThanOrEqual(0.01);
    }
    expect(threeYearPerTpmC(rdsMysqlTpcc.input.entries[0]?.runs[0] as never)?.toFixed(2)).toBe('3.26');
  });

  it('gives a Fieller interval only when both sides have ≥ 2 repetitions', () => {
    const run = (id: string, tpm: number) => ({
      id,
      name: id,
      source: 'published' as const,
      values: [{ metric: 'tpmC', value: tpm, unit: 'tpmC', origin: 'imported' as const }],
    });
    const input = ComparisonInput.parse({
      entries: [
        { label: 'A', runs: [run('a1', 100), run('a2', 110), run('a3', 90)] },
        { label: 'B', runs: [run('b1', 200), run('b2', 220), run('b3', 180)] },
        { label: 'C', runs: [run('c1', 50)] },
      ],
    });
    const [row] = buildHeadline(input, 0);
    expect(row?.cells[1]?.value).toBe(200);
    expect(row?.ratios[1]?.text).toBe('2.0× higher');
    expect(row?.ratios[1]?.ci?.method).toBe(CI_METHOD);
    expect(row?.ratios[1]?.ci?.lower).toBeLessThan(2);
    expect(row?.ratios[1]?.ci?.upper).toBeGreaterThan(2);
    expect(row?.ratios[2]?.ci).toBeUndefined();
    expect(row?.ratios[2]?.ciNote).toMatch(/≥ 2 repetitions/);
  });
});

describe('headline rows of measured latency series', () => {
  const summary = {
    count: 10,
    durationSeconds: 1,
    throughput: 10,
    p50: 700,
    p90: 900,
    p95: 950,
    p99: 990,
    p999: 999,
    max: 1200,
  };
  const run = (id: string, series: { name: string; labels: Record<string, string> }[]) => ({
    id,
    name: id,
    source: 'agent' as const,
    series: series.map((s) => ({ ...s, kind: 'latency' as const, unit: 'us', summary })),
  });

  it('are named by the metric, with only the tags that tell the rows apart, keyed as before', () => {
    const input = ComparisonInput.parse({
      entries: [
        { label: 'A', runs: [run('a', [{ name: 'latency', labels: { script: '0' } }])] },
        { label: 'B', runs: [run('b', [{ name: 'latency', labels: { script: '0' } }])] },
      ],
    });
    const rows = buildHeadline(input, 0).filter((r) => r.group === 'latency');
    expect(rows.map((r) => [r.key, r.label, r.unit])).toEqual([
      ['series:latency {script=0}:p50', 'latency p50', 'us'],
      ['series:latency {script=0}:p90', 'latency p90', 'us'],
      ['series:latency {script=0}:p99', 'latency p99', 'us'],
      ['series:latency {script=0}:max', 'latency max', 'us'],
    ]);
    const two = ComparisonInput.parse({
      entries: [
        {
          label: 'A',
          runs: [
            run('a', [
              { name: 'latency', labels: { script: '0' } },
              { name: 'latency', labels: { script: '1' } },
            ]),
          ],
        },
        { label: 'B', runs: [run('b', [{ name: 'latency', labels: { script: '0' } }])] },
      ],
    });
    expect(
      buildHeadline(two, 0)
        .filter((r) => r.key.endsWith(':p99'))
        .map((r) => r.label),
    ).toEqual(['latency (script 0) p99', 'latency (script 1) p99']);
  });
});

describe('throughput of measured runs', () => {
  // A real pgbench run (pgbench -c 2 -j 2 -T 10 through levelfield-agent): 4,052 transactions over
  // 10.616 s, stored as `latency` (every sample) and `latency{script=0}` (the same samples).
  const series = (name: string, labels: Record<string, string>, count: number) => ({
    name,
    labels,
    kind: 'latency' as const,
    unit: 'us',
    summary: {
      count,
      durationSeconds: 10.616,
      throughput: count / 10.616,
      p50: 3823,
      p90: 9540,
      p95: 12000,
      p99: 19007,
      p999: 37000,
      max: 53279,
    },
  });
  const run = (id: string, s: ReturnType<typeof series>[]) => ({
    id,
    name: id,
    source: 'agent' as const,
    series: s,
  });
  const throughputOf = (s: ReturnType<typeof series>[]) =>
    buildHeadline(
      ComparisonInput.parse({
        entries: [
          { label: 'A', runs: [run('a', s)] },
          { label: 'B', runs: [run('b', s)] },
        ],
      }),
      0,
    ).find((r) => r.key === 'throughput')?.cells[0]?.value;

  it('counts each transaction once: the unlabelled series is not added to its tagged subsets', () => {
    expect(throughputOf([series('latency', { script: '0' }, 4052), series('latency', {}, 4052)])).toBeCloseTo(
      4052 / 10.616,
      9,
    );
  });

  it('adds tagged series of a metric that has no unlabelled one, and never adds metrics together', () => {
    const ops = [series('latency', { op: 'READ' }, 3000), series('latency', { op: 'UPDATE' }, 1000)];
    expect(throughputOf(ops)).toBeCloseTo(4000 / 10.616, 9);
    // pgbench --rate times each transaction twice: its latency and its schedule lag.
    expect(throughputOf([series('latency', {}, 4052), series('schedule_lag', {}, 4052)])).toBeCloseTo(
      4052 / 10.616,
      9,
    );
  });
});
