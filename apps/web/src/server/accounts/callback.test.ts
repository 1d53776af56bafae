// Redirect targets after sign-in, sign-up and sign-out: a table of hostile values, each of which
// must fall back, and the same-site values that must survive unchanged.
import { describe, expect, it } from 'vitest';
import { safeCallbackPath } from './callback';

const ORIGIN = 'https://levelfield.example';

const HOSTILE: [string, unknown][] = [
  ['protocol-relative URL', '//evil.example'],
  ['protocol-relative URL with a path', '//evil.example/signin'],
  ['three slashes', '///evil.example'],
  ['slash, backslash', '/\\evil.example'],
  ['backslash, slash', '\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a tab between the slashes (browsers drop it)', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['CR LF between the slashes', '/\r\n/evil.example'],
  ['a percent-encoded tab', '/%09/evil.example'],
  ['a percent-encoded newline', '/%0a/evil.example'],
  ['a percent-encoded backslash', '/%5Cevil.example'],
  ['a dot segment that leaves two slashes', '/.//evil.example'],
  ['leading spaces before two slashes', '  //evil.example'],
  ['javascript: URL', 'javascript:alert(document.cookie)'],
  ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: after a space', ' javascript:alert(1)'],
  ['javascript: after a NUL', '\u0000javascript:alert(1)'],
  ['javascript: split by a tab', 'java\tscript:alert(1)'],
  ['data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['another site', 'https://evil.example/'],
  ['this host over plain http', 'http://levelfield.example/runs'],
  ['this host on another port', 'https://levelfield.example:8443/runs'],
  ['a look-alike host', 'https://levelfield.example.evil.example/'],
  ['this host as userinfo', 'https://levelfield.example@evil.example/'],
  ['a backslash before the userinfo', 'https://evil.example\\@levelfield.example/'],
  ['http: with one slash', 'http:/evil.example'],
  ['mailto:', 'mailto:someone@evil.example'],
  ['an empty string', ''],
  ['not a string', 42],
  ['a repeated query parameter', ['/runs', '//evil.example']],
  ['nothing', undefined],
];

const SAFE: [string, string][] = [
  ['/runs', '/runs'],
  ['/runs?project=demo&sort=started#top', '/runs?project=demo&sort=started#top'],
  ['/invitations/Abc_123-xyz', '/invitations/Abc_123-xyz'],
  ['/c/a%20b', '/c/a%20b'],
  // An encoded slash stays encoded: a path on this site, not a host.
  ['/%2F/evil.example', '/%2F/evil.example'],
  ['https://levelfield.example/orgs/acme?welcome=1', '/orgs/acme?welcome=1'],
  ['runs', '/runs'],
  ['/orgs/../runs', '/runs'],
];

describe('safeCallbackPath', () => {
  it(`has a table of at least 20 hostile values (${HOSTILE.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(20);
  });

  it.each(HOSTILE)('%s falls back to /', (_name, value) => {
    expect(safeCallbackPath(value, ORIGIN)).toBe('/');
  });

  it.each(HOSTILE)('%s falls back to the fallback given', (_name, value) => {
    expect(safeCallbackPath(value, ORIGIN, '/runs')).toBe('/runs');
  });

  it.each(SAFE)('keeps %s on this site as %s', (value, path) => {
    expect(safeCallbackPath(value, ORIGIN)).toBe(path);
  });

  it('compares against the origin it is given, path and all ignored', () => {
    expect(safeCallbackPath('http://127.0.0.1:3000/runs', 'http://127.0.0.1:3000/api/auth')).toBe('/runs');
    expect(safeCallbackPath('http://127.0.0.1:3001/runs', 'http://127.0.0.1:3000')).toBe('/');
  });
});
