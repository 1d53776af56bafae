import { renderChartSvg } from '@levelfield/ui/chart-svg';
import { describe, expect, it } from 'vitest';
import { historyLatencyOption, historyThroughputOption, type MarkedChange } from './history-chart';
import { detectChanges, type HistoryRun, pointsOf } from './history-points';

const wobble = [0.4, -0.7, 0.9, -0.2, 0.1, -0.9, 0.6, -0.4, 0.3, -0.1];
/** 16 commits, two runs of commit 5 (a repetition), latency up 30 % from commit 10. */
const runs: HistoryRun[] = Array.from({ length: 17 }, (_, i) => {
  const commit = i === 6 ? 5 : i > 6 ? i - 1 : i;
  const p99 = (commit < 10 ? 2000 : 2600) * (1 + wobble[i % 10]! / 100);
  return {
    id: `r${i}`,
    name: `run ${i}`,
    startedAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
    commit: `commit${String(commit).padStart(2, '0')}abcdef`,
    branch: 'main',
    values: { p50: p99 / 2, p99, throughput: 1e6 / p99 },
  };
});
const points = pointsOf(runs);
const changes: MarkedChange[] = detectChanges(points, { maxPValue: 0.001, minMagnitude: 0.05 }).map((c) => ({
  ...c,
  decision: c.metric === 'p50' ? 'dismissed' : null,
}));

type Series = {
  type: string;
  name: string;
  data: { value: [unknown, number]; runId: string }[];
  markLine?: { data: { xAxis: unknown; label: { formatter: string }; lineStyle: { type: string } }[] };
};

describe('history charts', () => {
  it('draws a dot per run and a line per point, in milliseconds, and marks the change where it starts', () => {
    const option = historyLatencyOption(points, changes, [], 'us', 'commit') as {
      series: Series[];
      xAxis: { data: string[] };
    };
    expect(option.xAxis.data).toHaveLength(16);
    const [p50Line, p50Dots, p99Line, p99Dots] = option.series;
    expect(p99Dots!.data).toHaveLength(17);
    expect(p99Line!.data).toHaveLength(16);
    // Commit 5's two runs are two dots at one x.
    expect(p99Dots!.data.filter((d) => d.value[0] === 'commit05').map((d) => d.runId)).toEqual(['r5', 'r6']);
    expect(p99Line!.data[0]!.value[1]).toBeCloseTo(2.008, 3);
    // One line where both changes start, labelled with both; the dismissed one says so.
    expect(p99Line!.markLine).toBeUndefined();
    const marks = p50Line!.markLine!.data;
    expect(marks).toHaveLength(1);
    expect(marks[0]!.xAxis).toBe('commit10');
    expect(marks[0]!.label.formatter).toMatch(/^p50 \+\d+\.\d % \(dismissed\) {2}p99 \+\d+\.\d %$/);
    expect(marks[0]!.lineStyle.type).toBe('dashed');
    expect(p50Dots!.type).toBe('scatter');
  });

  it('places points at their time on the time axis, and draws throughput with its own mark', () => {
    const option = historyThroughputOption(points, changes, [], 'time') as {
      series: Series[];
      xAxis: { type: string };
    };
    expect(option.xAxis.type).toBe('time');
    expect(option.series[0]!.data[0]!.value[0]).toBe(Date.parse(runs[0]!.startedAt));
    expect(option.series[0]!.markLine!.data[0]!.label.formatter).toMatch(/^throughput −\d+\.\d %$/);
    expect(renderChartSvg(option, { width: 800, height: 300 })).toContain('throughput');
  });

  it('marks where the tool’s options changed in grey, beside the changes', () => {
    const option = historyThroughputOption(points, changes, [{ pointIndex: 3 }], 'commit') as {
      series: Series[];
    };
    const marks = option.series[0]!.markLine!.data;
    expect(marks.map((m) => [m.xAxis, m.label.formatter, m.lineStyle.type])).toEqual([
      ['commit10', expect.stringMatching(/^throughput/), 'dashed'],
      ['commit03', 'options changed', 'dotted'],
    ]);
  });
});
