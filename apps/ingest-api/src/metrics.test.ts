import { describe, expect, it } from 'vitest';
import { Counter, Histogram, Registry } from './metrics.ts';

describe('Prometheus text', () => {
  it('renders counters with escaped labels and cumulative histogram buckets', () => {
    const registry = new Registry();
    const counter = registry.add(new Counter('c_total', 'help'));
    counter.inc(2, { reason: 'A"B' });
    const histogram = registry.add(new Histogram('h_seconds', 'help', [0.1, 1]));
    histogram.observe(0.05);
    histogram.observe(0.5);
    histogram.observe(5);
    expect(registry.render()).toBe(
      [
        '# HELP c_total help',
        '# TYPE c_total counter',
        'c_total{reason="A\\"B"} 2',
        '# HELP h_seconds help',
        '# TYPE h_seconds histogram',
        'h_seconds_bucket{le="0.1"} 1',
        'h_seconds_bucket{le="1"} 2',
        'h_seconds_bucket{le="+Inf"} 3',
        'h_seconds_sum 5.55',
        'h_seconds_count 3',
        '',
      ].join('\n'),
    );
  });
});
