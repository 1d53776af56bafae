import { describe, expect, it } from 'vitest';
import { versionQuery, versionSearch } from './report-version';

describe('the report version in a query', () => {
  it('reads ?version=N, and ?v=N as its alias', () => {
    expect(versionQuery(new URLSearchParams('version=3'))).toBe('3');
    expect(versionQuery(new URLSearchParams('v=2'))).toBe('2');
    expect(versionQuery({ v: ['4', '5'] })).toBe('4');
    expect(versionQuery(new URLSearchParams('latency=p99'))).toBeUndefined();
  });

  it('prefers the name to the alias when a link has both', () => {
    expect(versionQuery(new URLSearchParams('v=1&version=2'))).toBe('2');
    expect(versionQuery({ v: '1', version: '2' })).toBe('2');
  });

  it('links with the name', () => {
    expect(versionSearch(7)).toBe('?version=7');
  });
});
