import { describe, expect, it } from 'vitest';
import { drawable, ogSummary } from './og-summary.ts';
import { snapshotFixture } from './snapshot-fixture.ts';

describe('Open Graph summary', () => {
  it('keeps what the bundled font draws and replaces the rest (no font is fetched)', () => {
    expect(drawable('Rama vs CockroachDB — 1.6× cheaper, “quoted”, Ærø, Ж')).toBe(
      'Rama vs CockroachDB — 1.6× cheaper, “quoted”, Ærø, Ж',
    );
    expect(drawable('카프카 🚀 vs ✓')).toBe('??? ? vs ?');
  });

  it('reads the first headline row per entry and counts the flags, waived ones apart', () => {
    const s = ogSummary(snapshotFixture(), 'Acme');
    expect(s.headline).toEqual({
      metric: 'tpmC',
      cells: [
        { entry: 'A', value: '1,000', ratio: null },
        { entry: 'B, tuned', value: '2,000', ratio: '2.0× slower' },
      ],
    });
    expect([s.flags, s.waived, s.checks, s.version]).toEqual([1, 1, 3, 3]);
  });
});
