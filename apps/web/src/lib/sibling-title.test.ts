import { describe, expect, it } from 'vitest';
import { siblingTitle } from './sibling-title.ts';

describe('siblingTitle', () => {
  const current = 'SpacetimeDB vs PostgreSQL, keynote-2 original mode (low contention, alpha=0.5)';

  it('keeps what tells a variant apart from the current comparison', () => {
    expect(
      siblingTitle('SpacetimeDB vs PostgreSQL, keynote-2 fair mode (low contention, alpha=0.5)', current),
    ).toBe('fair mode (low contention, alpha=0.5)');
  });

  it('cuts at whole words only', () => {
    expect(siblingTitle('SpacetimeDB vs Postgres tuned', current)).toBe('Postgres tuned');
  });

  it('keeps the whole title when nothing or everything is shared', () => {
    expect(siblingTitle('Rama vs CockroachDB', current)).toBe('Rama vs CockroachDB');
    expect(siblingTitle(current, current)).toBe(current);
  });
});
