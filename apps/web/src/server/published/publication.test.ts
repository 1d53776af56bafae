import { runChecks } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import { comparisonInputOf, readPublication } from './publication.ts';

describe('a publication at the import limits', () => {
  it('runs the checks on the longest id and result names published.import accepts', () => {
    const result = (n: number) => ({
      system: { name: `System ${n}` },
      benchmark: { name: 'Bench' },
      name: `${n}`.padEnd(300, 'x'),
      sourceUrl: 'https://example.com/report',
      publishedAt: '2024-01-01',
      values: [],
    });
    const results = [result(1), result(2)];
    const comparison = {
      slug: 'long-names',
      title: 'Long names',
      subject: ['system'],
      entries: results.map((r) => ({ label: r.system.name, results: [r.name] })),
    };
    const read = readPublication({ id: 'a'.repeat(100), title: 'Long', results, comparisons: [comparison] });
    if ('errors' in read) throw new Error(JSON.stringify(read.errors));
    const checks = runChecks(comparisonInputOf(read, comparison));
    expect(checks.length).toBeGreaterThan(20);
  });
});
