import { Disclosure } from '@levelfield/contracts/provenance';
import { describe, expect, it } from 'vitest';
import { groupDisclosures } from './disclosures.ts';

const run = (authors: string[]) => ({
  disclosure: Disclosure.parse({ authors: authors.map((name) => ({ name })) }),
});

describe('groupDisclosures', () => {
  it('shows a disclosure shared by every run once, with the entries it covers', () => {
    const groups = groupDisclosures({
      entries: [
        { label: 'A', runs: [run(['zalo']), run(['zalo'])] },
        { label: 'B', runs: [run(['zalo'])] },
      ],
    } as never);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.entries).toEqual(['A', 'B']);
  });

  it('keeps different disclosures apart, each naming its entries in order', () => {
    const groups = groupDisclosures({
      entries: [
        { label: 'A', runs: [run(['vendor'])] },
        { label: 'B', runs: [run(['rebuttal']), run(['vendor'])] },
      ],
    } as never);
    expect(groups.map((g) => [g.disclosure.authors[0]?.name, g.entries])).toEqual([
      ['vendor', ['A', 'B']],
      ['rebuttal', ['B']],
    ]);
  });
});
