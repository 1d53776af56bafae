// URLs are parsed rather than matched: the userinfo of any shape (user:pw, :pw, a token alone, a
// password holding "/", "@", "?" or "#" unencoded, as people paste them) and parameters named
// like credentials in the query, the fragment or JDBC's ";key=value" lose their values; the
// scheme, the user name, the host, the path and every other parameter stay. The same rules as
// agents/internal/provenance/redact_url.go.
import { REDACTED } from './marker.ts';
import { isSecretName } from './names.ts';

/**
 * Bounds how deep values are read inside values ("--conf=spark.x.password=…", a URL in a URL's
 * parameter). No real configuration nests deeper; a value that does is redacted whole rather
 * than read, so "a=a=a=…" costs neither time nor a stack.
 */
export const MAX_NESTING = 8;

const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string) => c >= '0' && c <= '9';
const isSchemeChar = (c: string) => isLetter(c) || isDigit(c) || c === '+' || c === '.' || c === '-';

function indexAny(s: string, chars: string, from = 0): number {
  for (let i = from; i < s.length; i++) if (chars.includes(s.charAt(i))) return i;
  return -1;
}

const hasAny = (s: string, chars: string) => indexAny(s, chars) >= 0;

/** Redacts the first URL in a word (no whitespace), nested depth values deep; the text before its scheme stays. */
export function redactURL(word: string, depth: number): string {
  const i = word.indexOf('://');
  let s = i;
  while (s > 0 && isSchemeChar(word.charAt(s - 1))) s--;
  if (i < 0 || s === i || !isLetter(word.charAt(s))) return word;
  // Closing quotes and brackets around a URL are not part of it; the marker's own bracket is.
  let end = word.length;
  while (
    end > i + 3 &&
    `'"()[]{}<>,;.`.includes(word.charAt(end - 1)) &&
    !word.slice(0, end).endsWith(REDACTED)
  ) {
    end--;
  }
  return word.slice(0, i + 3) + redactAuthority(word.slice(i + 3, end), false, depth) + word.slice(end);
}

/** Redacts what follows "scheme://" (or a bare DSN such as "root:pw@tcp(db:3306)/app"). */
function redactAuthority(rest: string, bare: boolean, depth: number): string {
  const at = userinfoEnd(rest, bare);
  let out = '';
  let after = rest;
  if (at >= 0) {
    out = `${redactUserinfo(rest.slice(0, at))}@`;
    after = rest.slice(at + 1);
  }
  const h = indexAny(after, '/?#;');
  if (h < 0) return out + after;
  return out + after.slice(0, h) + redactParams(after.slice(h), '?&;#', depth);
}

/**
 * The index of the "@" that ends the userinfo, or -1. The last "@" followed by a host wins,
 * provided what precedes it is RFC-shaped or "user:..." whose ":" is not a port.
 */
function userinfoEnd(rest: string, bare: boolean): number {
  for (let at = rest.lastIndexOf('@'); at >= 0; at = at > 0 ? rest.lastIndexOf('@', at - 1) : -1) {
    const before = rest.slice(0, at);
    const after = rest.slice(at + 1);
    if (!hostLike(after) && !(bare && (after.startsWith('tcp(') || after.startsWith('unix(')))) continue;
    const c = before.indexOf(':');
    if (!hasAny(before, '/?#') && (!bare || c >= 0)) return at;
    if (c < 0 || hasAny(before.slice(0, c), '/?#')) continue;
    const p = before.slice(c + 1);
    const k = indexAny(p, '/?#');
    if (k > 0 && allDigits(p.slice(0, k))) continue;
    return at;
  }
  return -1;
}

/** A host (or several, as in "h1:27017,h2:27017") followed by the end, a path, a query or ";". */
function hostLike(s: string): boolean {
  const first = s.charAt(0);
  if (!(isLetter(first) || isDigit(first) || first === '[')) return false;
  let i = 0;
  while (i < s.length && (isSchemeChar(s.charAt(i)) || '[]:_%,'.includes(s.charAt(i)))) i++;
  return i === s.length || '/?#;'.includes(s.charAt(i));
}

const allDigits = (s: string) => /^[0-9]+$/.test(s);

/** Keeps the user name and redacts the password; a lone userinfo that looks like a token goes. */
function redactUserinfo(ui: string): string {
  const c = ui.indexOf(':');
  if (c >= 0) {
    const user = ui.slice(0, c);
    if (ui.length === c + 1) return ui;
    return `${tokenLike(user) ? REDACTED : user}:${REDACTED}`;
  }
  return tokenLike(ui) ? REDACTED : ui;
}

/** Tells a generated token from a user name: user names are short and rarely mix cases and digits. */
function tokenLike(s: string): boolean {
  if (s === REDACTED) return false;
  const n = [...s].length;
  if (n >= 20) return true;
  return n >= 12 && /\p{Lu}/u.test(s) && /\p{Ll}/u.test(s) && /\p{Nd}/u.test(s);
}

const PARAM_NAME = /[A-Za-z_][A-Za-z0-9_.-]*=/y;

/**
 * Redacts the values of credential-named parameters after a URL's host: a parameter starts
 * after one of seps and its value ends at the next "&", ";" or "#". A value that is itself a URL
 * (a redirect) is redacted as one.
 */
function redactParams(tail: string, seps: string, depth: number): string {
  let out = '';
  let i = 0;
  while (i < tail.length) {
    if (i > 0 && seps.includes(tail.charAt(i - 1))) {
      PARAM_NAME.lastIndex = i;
      const m = PARAM_NAME.exec(tail);
      if (m) {
        const vs = i + m[0].length;
        let ve = vs;
        while (ve < tail.length && !'&;#'.includes(tail.charAt(ve))) ve++;
        out += m[0] + redactParamValue(m[0].slice(0, -1), tail.slice(vs, ve), depth);
        i = ve;
        continue;
      }
    }
    out += tail.charAt(i);
    i++;
  }
  return out;
}

function redactParamValue(name: string, value: string, depth: number): string {
  if (value === '') return value;
  if (isSecretName(name)) return REDACTED;
  if (value.includes('://')) return depth >= MAX_NESTING ? REDACTED : redactURL(value, depth + 1);
  return value;
}

/**
 * Redacts the credential-named parameters of a URL written without its scheme, as curl and k6
 * name tags take them ("localhost:8080/x?api_key=…", "health?token=…"): those after the first
 * "?" lose their values.
 */
export function redactQuery(word: string, depth: number): string {
  const q = word.indexOf('?');
  return q < 0 ? word : word.slice(0, q) + redactParams(word.slice(q), '?&;#', depth);
}

/** Oracle's "user/password@" form in JDBC thin URLs. */
const ORACLE_THIN = /(jdbc:oracle:[a-z]+:)([^/@:]*)\/([^@]+)@/;

/**
 * Redacts a DSN without a scheme: MySQL Shell's "root:pw@db:3306", the Go MySQL driver's
 * "app:pw@tcp(db:3306)/app", JDBC thin's "scott/tiger@//db:1521/ORCL". Image digests
 * ("postgres:16@sha256:…") and mailto-style URIs are not credentials. Undefined: not a DSN.
 */
export function redactBareUserinfo(word: string, depth: number): string | undefined {
  const oracle = ORACLE_THIN.exec(word);
  if (oracle) {
    const start = oracle.index + (oracle[1] as string).length + (oracle[2] as string).length + 1;
    const end = start + (oracle[3] as string).length;
    return word.slice(start, end) === REDACTED ? word : word.slice(0, start) + REDACTED + word.slice(end);
  }
  const c = word.indexOf(':');
  if (c < 0 || !word.includes('@')) return undefined;
  if (['mailto', 'sip', 'sips', 'xmpp', 'tel'].includes(word.slice(0, c).toLowerCase())) return undefined;
  for (let i = 0; i < c; i++) {
    const ch = word.charAt(i);
    if (!isSchemeChar(ch) && ch !== '_' && ch !== '%') return undefined;
  }
  const at = userinfoEnd(word, true);
  if (at < 0 || word.startsWith('sha256:', at + 1) || word.startsWith('sha512:', at + 1)) return undefined;
  return redactAuthority(word, true, depth);
}
