import { describe, expect, it } from 'vitest';
import { percentileOf, publishedLatencyGroups } from '~/components/comparisons/published-latency';
import { reportChartOption, reportCharts } from './report-charts.ts';
import { snapshotFixture } from './snapshot-fixture.ts';

describe('percentileOf', () => {
  it('reads p-names, with p999 as 99.9, and leaves out what has no place on the axis', () => {
    expect(percentileOf('p50')).toBe(50);
    expect(percentileOf('p999')).toBe(99.9);
    expect(percentileOf('p99.99')).toBe(99.99);
    expect(percentileOf('p9999')).toBe(99.99);
    expect(percentileOf('p995')).toBe(99.5);
    expect(percentileOf('max')).toBeNull();
    expect(percentileOf('p100')).toBeNull();
    expect(percentileOf('mean')).toBeNull();
  });
});

describe('publishedLatencyGroups', () => {
  it('groups the published percentiles by transaction and end point, one line per entry with two or more points', () => {
    const s = snapshotFixture();
    const groups = publishedLatencyGroups(s.headline, s.entries);
    // "New Order · initiate" has a single point (B's p50): no line, so no choice.
    expect(groups.map((g) => [g.id, g.title, g.complete])).toEqual([
      ['new-order-complete', 'New Order · complete', true],
      ['payment', 'Payment', true],
    ]);
    const complete = groups.find((g) => g.id === 'new-order-complete')!;
    expect(complete.lines).toEqual([
      {
        title: 'A',
        unit: 'ms',
        spectrum: [
          { percentile: 50, value: 400 },
          { percentile: 99, value: 9000 },
        ],
      },
      {
        title: 'B, tuned',
        unit: 'ms',
        spectrum: [
          { percentile: 50, value: 1100 },
          { percentile: 99, value: 2200 },
        ],
      },
    ]);
  });
});

describe('reportCharts', () => {
  it('draws published percentiles when nothing was measured, the first complete set unless one is chosen', () => {
    const charts = reportCharts(snapshotFixture());
    expect(charts.map((c) => c.kind)).toEqual(['spectrum']);
    const spectrum = charts[0]!;
    expect(
      spectrum.kind === 'spectrum' && [spectrum.source, spectrum.chosen, spectrum.choices.length],
    ).toEqual(['published', 'new-order-complete', 2]);
    const chosen = reportCharts(snapshotFixture(), { latency: 'payment' })[0]!;
    expect(chosen.title).toBe('Published latency percentiles: Payment');
    // An unknown choice falls back to the default rather than failing the page.
    expect(reportCharts(snapshotFixture(), { latency: 'nope' })[0]!.title).toBe(spectrum.title);
  });

  it('draws measured spectra and throughput by elapsed time from the runs, and the sweep when there is one', () => {
    const charts = reportCharts(snapshotFixture({ measured: true, sweep: true }));
    expect(charts.map((c) => c.kind)).toEqual(['sweep', 'spectrum', 'throughput']);
    const [sweep, spectrum, throughput] = charts.map((c) => c!);
    expect(sweep?.kind === 'sweep' && sweep.chart).toMatchObject({
      categories: ['A', 'B, tuned'],
      lines: [{ values: [1000, 2000] }],
      // No rule declared, no optimal point.
      optimum: null,
    });
    expect(spectrum?.kind === 'spectrum' && spectrum.source).toBe('measured');
    // Only what the chart draws crosses to the browser.
    expect(
      throughput?.kind === 'throughput' &&
        Object.keys(throughput.entries[0]!.runs[0]!.timelines[0]!.points[0]!),
    ).toEqual(['t', 'end', 'count', 'warmup']);
  });

  it('marks published points and joins them straight, where measured spectra keep their steps', () => {
    const published = reportChartOption(reportCharts(snapshotFixture())[0]!) as {
      series: { step: unknown; showSymbol: boolean }[];
    };
    expect(published.series.every((s) => s.step === false && s.showSymbol)).toBe(true);
    const measured = reportChartOption(reportCharts(snapshotFixture({ measured: true }))[0]!) as {
      series: { step: unknown }[];
    };
    expect(measured.series.every((s) => s.step === 'end')).toBe(true);
  });
});
