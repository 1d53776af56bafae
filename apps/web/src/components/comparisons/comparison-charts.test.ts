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
});
