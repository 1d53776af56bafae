import { normalRandom, seededRandom } from '@levelfield/detect';
import { describe, expect, it } from 'vitest';
import { formatChange } from './format';
import { detectChanges, type HistoryRun, pointsOf } from './history-points';

function run(i: number, p99: number, commit: string | null = `c${i}`): HistoryRun {
  return {
    id: `r${i}`,
    name: `run ${i}`,
    startedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    commit,
    branch: 'main',
    values: { p50: p99 / 2, p99, throughput: 1e6 / p99 },
  };
}

describe('history points', () => {
  it('makes one point of the runs of one commit: median value, range as spread', () => {
    const points = pointsOf([
      run(3, 12, 'b'),
      run(1, 10, 'a'),
      run(2, 14, 'b'),
      run(4, 13, 'b'),
      run(5, 11, null),
    ]);
    expect(points.map((p) => p.commit)).toEqual(['a', 'b', null]);
    expect(points[1]!.runs.map((r) => r.id)).toEqual(['r2', 'r3', 'r4']);
    expect(points[1]!.values.p99).toEqual({ median: 13, min: 12, max: 14 });
    expect(points[1]!.at).toBe(run(2, 0).startedAt);
  });

  it('leaves a metric a run lacks out of its point', () => {
    const lacking = { ...run(1, 10), values: { p50: null, p99: 10, throughput: null } };
    const [point] = pointsOf([lacking]);
    expect(point!.values.p50).toBeNull();
    expect(point!.values.p99).toEqual({ median: 10, min: 10, max: 10 });
  });

  it('finds an injected 30 % latency step at its first run, as a regression of p50, p99 and throughput', () => {
    const noise = normalRandom(seededRandom(7));
    const runs = Array.from({ length: 24 }, (_, i) => run(i, (i < 14 ? 100 : 130) * (1 + 0.01 * noise())));
    const changes = detectChanges(pointsOf(runs), { maxPValue: 0.001, minMagnitude: 0.05 });
    expect(changes.map((c) => [c.metric, c.runId, c.regression])).toEqual([
      ['p50', 'r14', true],
      ['p99', 'r14', true],
      ['throughput', 'r14', true],
    ]);
    expect(changes[1]!.relativeChange).toBeGreaterThan(0.25);
    expect(changes[2]!.direction).toBe('decrease');
  });

  it('finds nothing in noise, and nothing below the minimum magnitude', () => {
    const noise = normalRandom(seededRandom(3));
    const flat = Array.from({ length: 30 }, (_, i) => run(i, 100 * (1 + 0.02 * noise())));
    expect(detectChanges(pointsOf(flat), { maxPValue: 0.001, minMagnitude: 0.05 })).toEqual([]);
    const small = Array.from({ length: 30 }, (_, i) => run(i, i < 15 ? 100 : 103));
    expect(detectChanges(pointsOf(small), { maxPValue: 0.001, minMagnitude: 0.05 })).toEqual([]);
    expect(detectChanges(pointsOf(small), { maxPValue: 0.001, minMagnitude: 0.01 })).not.toEqual([]);
  });

  it('writes relative changes with their sign', () => {
    expect(formatChange(0.312)).toBe('+31.2 %');
    expect(formatChange(-0.04)).toBe('−4.0 %');
  });
});
