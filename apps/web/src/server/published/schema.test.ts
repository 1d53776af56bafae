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

describe('what a published result may not claim', () => {
  const base = {
    system: { name: 'A' },
    benchmark: { name: 'B' },
    name: 'A on B',
    sourceUrl: 'https://example.org/post',
  };
  const messages = (raw: unknown) => {
    const r = PublishedResult.safeParse(raw);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('refuses a source link that is not http(s)', () => {
    for (const sourceUrl of ['javascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x'])
      expect(messages({ ...base, sourceUrl })).toEqual([expect.stringMatching(/^sourceUrl: .*http\(s\)/)]);
  });

  it('refuses provenance that claims to be captured', () => {
    expect(
      messages({
        ...base,
        provenance: {
          settings: { isolationLevel: { value: 'serializable', origin: 'captured' } },
          nodes: [{ name: 'db', role: 'sut', hardware: { vcpus: { value: 8, origin: 'captured' } } }],
        },
      }),
    ).toEqual([
      expect.stringMatching(/^provenance\.settings\.isolationLevel: .*cannot claim origin "captured"/),
      expect.stringMatching(/^provenance\.nodes\.0\.hardware\.vcpus: .*cannot claim origin "captured"/),
    ]);
  });

  it('refuses a value that claims to be captured', () => {
    expect(messages({ ...base, values: [{ quantity: 'tpmC', value: 1, origin: 'captured' }] })).toEqual([
      expect.stringMatching(/^values\.0\.origin: .*cannot be "captured"/),
    ]);
  });
});

describe('text a page cannot print', () => {
  it('is refused by the import with the field that holds it', async () => {
    const { validatePublished } = await import('./import.ts');
    const result = {
      system: { name: 'A' },
      benchmark: { name: 'B' },
      name: 'A\u0000B',
      sourceUrl: 'https://example.org/post',
      values: [{ quantity: 'tpmC', value: 1, unit: 'tx\uD800' }],
    };
    const outcome = validatePublished({ format: 'json', text: JSON.stringify(result), results: [] });
    expect('errors' in outcome && outcome.errors.map((e) => e.field)).toEqual(['name', 'values[0].unit']);
  });
});
