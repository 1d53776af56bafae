import { describe, expect, it } from 'vitest';
import { EMPTY_SETUP, emptyNode } from '~/lib/published-setup';
import { EnterPublished } from './published';

const entry = {
  system: 'Postgres',
  systemVersion: '',
  benchmark: 'TPC-C',
  benchmarkVersion: '5.11',
  name: 'vendor blog',
  sourceUrl: 'https://example.com/pg-tpcc',
  publishedAt: '',
  values: [
    {
      quantity: 'tpmC',
      value: '500000',
      text: '',
      unit: '',
      quality: 'measured' as const,
      source: ' T1 ',
      formulaId: '',
    },
  ],
  setup: EMPTY_SETUP,
};

describe('the "enter one result" form schema', () => {
  it('puts a setup field it cannot read at its path, with the message the form shows', () => {
    const out = EnterPublished.safeParse({
      ...entry,
      setup: { ...EMPTY_SETUP, nodes: [{ ...emptyNode(), memory: '72' }] },
    });
    expect(out.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['setup.nodes.0.memory', 'write a size with its unit, e.g. 64 GiB or 128 GB'],
    ]);
  });

  it("becomes the import's input: one result, numbers typed, the text as printed taken as typed", () => {
    const out = EnterPublished.parse(entry);
    expect(out).toMatchObject({ format: 'results', text: '' });
    expect(out.results).toEqual([
      {
        system: { name: 'Postgres' },
        benchmark: { name: 'TPC-C', version: '5.11' },
        name: 'vendor blog',
        sourceUrl: 'https://example.com/pg-tpcc',
        provenance: {},
        disclosure: { ai: { declared: 'not-stated' } },
        values: [
          {
            quantity: 'tpmC',
            value: 500000,
            unit: '',
            origin: 'imported',
            quality: 'measured',
            text: '500000',
            source: 'T1',
          },
        ],
      },
    ]);
  });

  it('keeps a latency as it was typed, with its unit, when no text is given', () => {
    const row = { ...entry.values[0]!, quantity: 'p99', value: ' 0.62 ', unit: 'ms' };
    const out = EnterPublished.parse({ ...entry, values: [row, { ...row, text: '0.62 milliseconds' }] });
    expect(out.results).toMatchObject([{ values: [{ text: '0.62 ms' }, { text: '0.62 milliseconds' }] }]);
  });
});
