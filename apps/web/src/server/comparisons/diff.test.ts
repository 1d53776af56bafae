import { ComparisonInput } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import { provenanceDiff } from './diff.ts';

const run = (id: string, hostType: string, isolation: string, affiliation?: string) => ({
  id,
  name: id,
  source: 'agent' as const,
  provenance: {
    nodes: [
      { role: 'sut' as const, name: 'db', hardware: { hostType: { value: hostType, origin: 'captured' } } },
    ],
    settings: { isolationLevel: { value: isolation, origin: 'declared' } },
  },
  disclosure: affiliation ? { affiliation } : {},
});

describe('provenance diff over groups of repeated runs', () => {
  const input = ComparisonInput.parse({
    entries: [
      {
        label: 'A',
        runs: [run('a1', 'm5.large', 'serializable', 'Acme'), run('a2', 'm6i.large', 'serializable')],
      },
      { label: 'B', runs: [run('b1', 'm5.large', 'serializable'), run('b2', 'm5.large', 'serializable')] },
    ],
  });
  const groups = provenanceDiff(input);
  const field = (path: string) => groups.flatMap((g) => g.fields).find((f) => f.path === path);

  it('reads every run: a field that varies inside a group lists its values and counts as a difference', () => {
    const host = field('nodes.sut.hardware.hostType');
    expect(host?.variants[0]?.map((f) => f?.value)).toEqual(['m5.large', 'm6i.large']);
    expect(host?.variants[1]).toBeNull();
    // The first run's value stays the entry's single value, for readers of one value per entry.
    expect(host?.values.map((f) => f?.value)).toEqual(['m5.large', 'm5.large']);
    expect(host?.differs).toBe(true);
    expect(groups.find((g) => g.group === 'nodes')?.differs).toBe(true);
  });

  it('leaves a group identical when every run of every entry agrees', () => {
    const iso = field('settings.isolationLevel');
    expect(iso?.differs).toBe(false);
    expect(iso?.variants).toEqual([null, null]);
    expect(groups.find((g) => g.group === 'settings')?.differs).toBe(false);
  });

  it('treats disclosure the same way: a run without the field is a variant too', () => {
    const affiliation = field('disclosure.affiliation');
    expect(affiliation?.variants[0]?.map((f) => f?.value ?? null)).toEqual(['Acme', null]);
    expect(field('disclosure.ai.declared')?.key).toBe('aiAssistance');
    expect(groups.find((g) => g.group === 'disclosure')?.differs).toBe(true);
  });
});
