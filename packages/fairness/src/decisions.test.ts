import { describe, expect, it } from 'vitest';
import { runChecks } from './catalogue.ts';
import { applyDecisions, isOpen } from './decisions.ts';
import { pair } from './testing.ts';

describe('applyDecisions', () => {
  const results = runChecks(
    pair(
      { settings: { isolationLevel: 'serializable' }, workload: { features: ['stored procedure'] } },
      { settings: { isolationLevel: 'read committed' }, workload: { features: ['ORM'] } },
    ),
  );

  it('waiving keeps the state and the evidence and shows the decision', () => {
    const [decided] = applyDecisions(
      results.filter((r) => r.id === 'F-ISO-1'),
      [
        {
          checkId: 'F-ISO-1',
          decision: 'waived',
          justification: 'Both run their documented defaults; stated in the report.',
          by: 'reviewer@example.org',
          at: '2026-03-01T10:00:00Z',
        },
      ],
    );
    expect(decided?.state).toBe('flag');
    expect(decided?.computedState).toBe('flag');
    expect(decided?.evidence.length).toBeGreaterThan(0);
    expect(decided?.decision).toMatchObject({ decision: 'waived', by: 'reviewer@example.org' });
  });

  it('confirming a reviewer check turns it into a flag; the latest decision wins', () => {
    const decided = applyDecisions(results, [
      {
        checkId: 'F-WL-3',
        decision: 'waived',
        justification: 'first look',
        by: 'a',
        at: '2026-03-01T10:00:00Z',
      },
      {
        checkId: 'F-WL-3',
        decision: 'confirmed',
        justification: 'ORM adds 4 round trips',
        by: 'b',
        at: '2026-03-02T10:00:00Z',
      },
    ]);
    const wl3 = decided.find((r) => r.id === 'F-WL-3');
    expect(wl3?.state).toBe('flag');
    expect(wl3?.computedState).toBe(results.find((r) => r.id === 'F-WL-3')?.state);
    expect(wl3?.decision?.by).toBe('b');
    expect(isOpen(wl3!)).toBe(false);
    expect(isOpen(decided.find((r) => r.id === 'F-WL-5')!)).toBe(true);
  });

  it('refuses a decision without a justification', () => {
    expect(() =>
      applyDecisions(results, [
        { checkId: 'F-ISO-1', decision: 'waived', justification: '  ', by: 'a', at: '2026-03-01T10:00:00Z' },
      ]),
    ).toThrow(/justification/);
  });
});
