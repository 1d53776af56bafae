import { describe, expect, it } from 'vitest';
import {
  builderSearch,
  defaultLabel,
  entriesOf,
  entryCountProblem,
  normalizeAssignment,
  parseAssignment,
  uniqueLabels,
} from './compare-groups.ts';

describe('builder entries in the URL', () => {
  it('reads one entry number per run; anything malformed means one entry per run', () => {
    expect(parseAssignment(4, '1,1,2,2')).toEqual([1, 1, 2, 2]);
    expect(parseAssignment(3, undefined)).toEqual([1, 2, 3]);
    for (const bad of ['1,1', '1,x,2', '0,1,1', '1,2,9', '1.5,1,1'])
      expect(parseAssignment(3, bad), bad).toEqual([1, 2, 3]);
  });

  it('renumbers entries by first appearance so they stay contiguous', () => {
    expect(normalizeAssignment([3, 1, 3, 4])).toEqual([1, 2, 1, 3]);
    expect(parseAssignment(3, '2,2,1')).toEqual([1, 1, 2]);
  });

  it('writes `group` only when some runs share an entry', () => {
    expect(builderSearch(['a', 'b'], [1, 2])).toBe('?runs=a,b');
    expect(builderSearch(['a', 'b', 'c'], [2, 1, 2])).toBe('?runs=a,b,c&group=1,2,1');
  });

  it('lists run indexes per entry, in selection order', () => {
    expect(entriesOf([1, 2, 1, 3])).toEqual([[0, 2], [1], [3]]);
  });
});

describe('entry labels', () => {
  it('names a group by the name its runs share or their common beginning', () => {
    expect(defaultLabel(['pgbench, 8 clients'])).toBe('pgbench, 8 clients');
    expect(defaultLabel(['same', 'same'])).toBe('same');
    expect(defaultLabel(['Postgres 17 run 1', 'Postgres 17 run 2', 'Postgres 17 run 3'])).toBe('Postgres 17');
    expect(defaultLabel(['A1', 'B2', 'C3'])).toBe('A1 + 2 more');
  });

  it('keeps labels distinct', () => {
    expect(uniqueLabels(['x', 'y', 'x'])).toEqual(['x', 'y', 'x (3)']);
  });

  it('explains when the entries cannot be saved', () => {
    expect(entryCountProblem(2, 4)).toBeNull();
    expect(entryCountProblem(1, 4)).toMatch(/at least 2 entries/);
    expect(entryCountProblem(17, 17)).toMatch(/at most 16 entries, these runs make 17/);
  });
});
