import { describe, expect, it } from 'vitest';
import { byState, checkName } from './order';

describe('byState', () => {
  it('puts flags first, then needs review, unknown and pass, keeping the catalogue order within a state', () => {
    const checks = [
      { id: 'A', state: 'pass' as const },
      { id: 'B', state: 'flag' as const },
      { id: 'C', state: 'unknown' as const },
      { id: 'D', state: 'flag' as const },
    ];
    expect(byState(checks).map((g) => [g.state, g.checks.map((c) => c.id)])).toEqual([
      ['flag', ['B', 'D']],
      ['needs_review', []],
      ['unknown', ['C']],
      ['pass', ['A']],
    ]);
  });
});

describe('checkName', () => {
  it('joins the id and the title', () => {
    expect(checkName({ id: 'F-HW-2', title: 'Total resources comparable' })).toBe(
      'F-HW-2 · Total resources comparable',
    );
  });
});
