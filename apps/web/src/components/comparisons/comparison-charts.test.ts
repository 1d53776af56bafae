import { describe, expect, it } from 'vitest';
import { sweepOption, sweepSeries } from './comparison-charts.ts';

const source = (sweep: Parameters<typeof sweepSeries>[0]['sweep']) => ({
  entries: ['Standard Small', 'Standard Large', 'Multi-AZ Small', 'Multi-AZ Large'].map((label) => ({
    label,
  })),
  headline: [
    { key: 'tpmC', label: 'tpmC', unit: 'tpmC', cells: [100, 300, 80, 250].map((value) => ({ value })) },
  ],
  sweep,
});

describe('sweeps', () => {
  it('draws one line per configuration over the parameter, not one line through every entry', () => {
    const chart = sweepSeries(
      source({
        parameter: 'size',
        values: ['Small', 'Large', 'Small', 'Large'],
        series: ['Standard', 'Standard', 'Multi-AZ', 'Multi-AZ'],
      }),
    );
    expect(chart?.categories).toEqual(['Small', 'Large']);
    expect(chart?.lines).toEqual([
      { name: 'Standard', values: [100, 300] },
      { name: 'Multi-AZ', values: [80, 250] },
    ]);
    expect(chart?.optimum).toBeNull();
    const option = sweepOption(chart!) as { series: { markPoint?: unknown }[] };
    expect(option.series).toHaveLength(2);
    expect(option.series.every((s) => s.markPoint === undefined)).toBe(true);
  });

  it('draws several swept parameters as a line per combination of the further ones (warehouses × users)', () => {
    const chart = sweepSeries(
      source({
        parameter: 'users',
        values: ['64', '128', '64', '128'],
        series: ['Standard', 'Standard', 'Standard', 'Standard'],
        also: [{ parameter: 'warehouses', values: ['100', '100', '1000', '1000'] }],
      }),
    );
    expect(chart?.title).toBe('Sweep: tpmC by users × warehouses');
    expect(chart?.categories).toEqual(['64', '128']);
    expect(chart?.lines).toEqual([
      { name: 'Standard · 100 warehouses', values: [100, 300] },
      { name: 'Standard · 1000 warehouses', values: [80, 250] },
    ]);
  });

  it("marks the optimum only by the publication's declared rule", () => {
    const lowest = sweepSeries(
      source({
        parameter: 'size',
        values: ['a', 'b', 'c', 'd'],
        optimum: { rule: 'lowest', label: 'cheapest' },
      }),
    );
    expect(lowest?.optimum).toEqual({ label: 'cheapest', line: 'tpmC', category: 'c', value: 80 });
  });

  it('ranks by the quantity the rule names, among the points within its bound', () => {
    const headline = [
      {
        key: 'throughput',
        label: 'Throughput',
        unit: 'ops/s',
        cells: [100, 300, 280, 500].map((value) => ({ value })),
      },
      {
        key: 'latency:p99',
        label: 'Latency p99',
        unit: 'ms',
        cells: [20, 90, 60, 400].map((value) => ({ value })),
      },
      {
        key: 'value:costPerOp',
        label: 'Cost per op',
        unit: 'USD',
        cells: [3, 2, 1, 4].map((value) => ({ value })),
      },
    ];
    const at = (optimum: NonNullable<NonNullable<Parameters<typeof sweepSeries>[0]['sweep']>['optimum']>) =>
      sweepSeries({ ...source({ parameter: 'clients', values: ['1', '2', '3', '4'], optimum }), headline });
    // Max throughput under a latency bound: 500 ops/s has a p99 of 400 ms, so 300 wins.
    expect(
      at({ rule: 'highest', label: 'best under 100 ms', within: { quantity: 'latency:p99', max: 100 } })
        ?.optimum,
    ).toEqual({ label: 'best under 100 ms', line: 'Throughput', category: '2', value: 300 });
    // Best cost per unit: the lowest cost per op, marked on the drawn line at its throughput.
    expect(at({ rule: 'lowest', label: 'cheapest', quantity: 'costPerOp' })?.optimum).toEqual({
      label: 'cheapest',
      line: 'Throughput',
      category: '3',
      value: 280,
    });
    // A quantity without figures marks nothing, and says so.
    const none = at({ rule: 'lowest', label: 'cheapest', quantity: 'dollarsPerTpmC3y' });
    expect(none?.optimum).toBeNull();
    expect(none?.optimumNote).toMatch(/no figures of dollarsPerTpmC3y/);
  });
});
