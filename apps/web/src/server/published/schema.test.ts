import { describe, expect, it } from 'vitest';
import { PublishedResult, PublishedValueDraft } from './schema.ts';

describe('published values as people type them', () => {
  it('keeps a range typed as the value or printed as text, with its ends', () => {
    expect(
      PublishedValueDraft.parse({ quantity: 'throughputGain', value: '+18–40 %', unit: '%' }),
    ).toMatchObject({
      metric: 'throughputGain',
      value: null,
      text: '+18–40 %',
      low: 18,
      high: 40,
    });
    expect(PublishedValueDraft.parse({ quantity: 'speedup', value: null, text: '2×–5×' })).toMatchObject({
      low: 2,
      high: 5,
    });
    expect(PublishedValueDraft.safeParse({ quantity: 'x', value: null, low: 5, high: 2 }).success).toBe(
      false,
    );
  });

  it('keeps dotted quantities whole and reads latency shorthands', () => {
    expect(PublishedValueDraft.parse({ quantity: 'queryTime.Q1.1', value: 12 })).toMatchObject({
      metric: 'queryTime.Q1.1',
      labels: {},
    });
    expect(PublishedValueDraft.parse({ quantity: 'latency.ratioVsAurora', value: 0.5 }).metric).toBe(
      'latency.ratioVsAurora',
    );
    expect(PublishedValueDraft.parse({ quantity: 'latency.payment.p99', value: 5 })).toMatchObject({
      metric: 'latency',
      labels: { transaction: 'Payment', percentile: 'p99' },
    });
  });

  it('takes a month or a year as the publication date, and a result without values', () => {
    const base = {
      system: { name: 'A' },
      benchmark: { name: 'B' },
      name: 'r',
      sourceUrl: 'https://example.com/p',
    };
    expect(PublishedResult.safeParse({ ...base, publishedAt: '2021-10' }).success).toBe(true);
    expect(PublishedResult.safeParse({ ...base, publishedAt: '2021' }).success).toBe(true);
    expect(PublishedResult.safeParse({ ...base, publishedAt: '2021-13' }).success).toBe(false);
  });
});
