import { describe, expect, it } from 'vitest';
import { measuresThroughput } from './throughput';

describe('whether a run measures throughput', () => {
  it('is no for a suite whose samples are repetitions, yes otherwise and when not said', () => {
    const source = (value: unknown) => ({ measurement: { throughputSource: { value, origin: 'captured' } } });
    expect(measuresThroughput(source('none: each sample is one repetition of a benchmark'))).toBe(false);
    expect(measuresThroughput(source('client-ack'))).toBe(true);
    expect(measuresThroughput(source(null))).toBe(true);
    expect(measuresThroughput({})).toBe(true);
    expect(measuresThroughput(null)).toBe(true);
  });
});
