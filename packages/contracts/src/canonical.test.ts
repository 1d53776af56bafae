import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CanonicalJsonError, canonicalJson } from './canonical.ts';

describe('canonicalJson', () => {
  it('sorts members by UTF-16 code units at every depth and drops undefined members', () => {
    const value = { b: 1, a: { z: [3, { y: true, x: null }], é: 'e', E: 'E' }, skip: undefined };
    expect(canonicalJson(value)).toBe('{"a":{"E":"E","z":[3,{"x":null,"y":true}],"é":"e"},"b":1}');
  });

  it('writes numbers in the shortest round-trip form (RFC 8785 examples)', () => {
    expect(canonicalJson([0, -0, 1e21, 1e-7, 0.000001, 333333333.3333333, 9007199254740991, 1.5])).toBe(
      '[0,0,1e+21,1e-7,0.000001,333333333.3333333,9007199254740991,1.5]',
    );
  });

  it('escapes strings as JSON.stringify does', () => {
    expect(canonicalJson('a"b\\c\n\u0001€')).toBe('"a\\"b\\\\c\\n\\u0001€"');
  });

  it('gives the same text, so the same hash, whatever order keys were written in', () => {
    const a = canonicalJson({ title: 't', table: [{ v: 1.25, k: 'tpmC' }] });
    const b = canonicalJson(JSON.parse('{"table":[{"k":"tpmC","v":1.25}],"title":"t"}'));
    expect(a).toBe(b);
    expect(createHash('sha256').update(a).digest('hex')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects what JSON cannot hold, naming where it is', () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow(CanonicalJsonError);
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow('$.a[1] is NaN');
    expect(() => canonicalJson({ at: new Date(0) })).toThrow('$.at is a Date');
    expect(() => canonicalJson({ n: 1n })).toThrow('bigint');
  });
});
