import { describe, expect, it } from 'vitest';
import { withRunFacts } from './run-facts.ts';
import { PublishedResult } from './schema.ts';

const result = (system: { name: string; version?: string }, components?: unknown) =>
  PublishedResult.parse({
    system,
    benchmark: { name: 'CoreMark' },
    name: 'r',
    sourceUrl: 'https://example.com/readme',
    provenance: components
      ? { software: { components: { value: components, origin: 'imported', source: 'Cargo.toml' } } }
      : {},
    values: [{ quantity: 'score', value: 1 }],
  });

describe("a published result's system version reaches the checks", () => {
  it('becomes the components when none are listed', () => {
    expect(withRunFacts(result({ name: 'Wasmi', version: '0.31.2' })).software.components?.value).toEqual({
      Wasmi: '0.31.2',
    });
  });

  it('joins components listed under other names (makepad-stitch for Stitch), once', () => {
    const listed = [{ name: 'makepad-stitch', version: '0.1.0', role: 'interpreter' }];
    expect(
      withRunFacts(result({ name: 'Stitch', version: '0.1.0' }, listed)).software.components?.value,
    ).toEqual([...listed, { name: 'Stitch', version: '0.1.0' }]);
    const named = [{ name: 'stitch', version: '0.1.0' }];
    expect(
      withRunFacts(result({ name: 'Stitch', version: '0.1.0' }, named)).software.components?.value,
    ).toEqual(named);
    expect(
      withRunFacts(result({ name: 'Stitch', version: '0.1.0' }, { wasmtime: '25' })).software.components
        ?.value,
    ).toEqual({ wasmtime: '25', Stitch: '0.1.0' });
  });
});
