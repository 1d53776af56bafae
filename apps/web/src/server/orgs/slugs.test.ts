import { describe, expect, it } from 'vitest';
import { Slug } from '~/lib/schemas/slug';
import { freeSlug, slugify } from './slugs.ts';

describe('slugs', () => {
  it.each([
    ['acme', 'acme'],
    ['  TPCC-2026 ', 'tpcc-2026'],
    ['a', 'a'],
  ])('accepts %j as %j', (input, slug) => {
    expect(Slug.parse(input)).toBe(slug);
  });

  it.each(['', '-acme', 'acme-', 'ac me', 'ä', 'x'.repeat(41), 'new'])(
    'refuses %j with a message',
    (input) => {
      const result = Slug.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/lowercase letters|reserved/);
    },
  );

  it('slugifies free text', () => {
    expect(slugify('Acme Benchmarks!')).toBe('acme-benchmarks');
    expect(slugify('Ådа Lövelace')).toBe('ad-lovelace');
    expect(slugify('!!!')).toBe('team');
    expect(Slug.safeParse(slugify(`${'x'.repeat(39)} y`)).success).toBe(true);
  });

  it('finds the first free slug', async () => {
    const taken = new Set(['acme', 'acme-2']);
    expect(await freeSlug('acme', async (s) => taken.has(s))).toBe('acme-3');
    expect(await freeSlug('new-one', async () => false)).toBe('new-one');
  });
});
