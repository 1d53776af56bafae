// Command lines: a flag named like a credential redacts its value, given as "--password=x" or
// "--password x"; "-Dkey=value" properties and "KEY=VALUE" pairs follow the same name rules;
// short flags carry a password only for the clients that define them, since "-p" is a port to
// psql and a property to YCSB. The same rules read the whitespace-separated words of free text.
// The same rules as agents/internal/provenance/redact_words.go.
import { alreadyRedacted, REDACTED } from './marker.ts';
import { isSecretName } from './names.ts';
import { MAX_NESTING, redactBareUserinfo, redactQuery, redactURL } from './url.ts';

/** The short flag that takes a client's password; "-p=" (mysql) takes it attached only. */
const CLIENT_FLAGS = new Map<string, string>([
  ...['mysql', 'mysqldump', 'mysqladmin', 'mysqlslap', 'mysqlimport', 'mysqlcheck', 'mysqlshow'].map(
    (c) => [c, '-p='] as const,
  ),
  ...['mariadb', 'mariadb-dump', 'mariadb-admin', 'mariadb-slap'].map((c) => [c, '-p='] as const),
  ...['redis-cli', 'redis-benchmark', 'valkey-cli', 'valkey-benchmark', 'keydb-cli', 'memtier_benchmark'].map(
    (c) => [c, '-a'] as const,
  ),
  ...['sshpass', 'mongosh', 'mongo', 'mongodump', 'mongorestore', 'mongoexport', 'mongoimport'].map(
    (c) => [c, '-p'] as const,
  ),
  ...['mongostat', 'mongotop', 'cqlsh'].map((c) => [c, '-p'] as const),
]);

/** Flags taking "user:password" (curl -u, ab -A): the part after the first ":" is redacted. */
const USER_FLAGS = new Set(['-u', '-U', '--user', '--proxy-user', '-A']);

const FLAG_NAME = /^--?[A-Za-z][A-Za-z0-9_.-]*$/;

const secretFlag = (w: string) => FLAG_NAME.test(w) && isSecretName(w.replace(/^-+/, ''));

/** Ends a command within free text, and with it a client's flags. */
const commandBreak = (w: string) => w === '&&' || w === '||' || w === '|' || w.endsWith(';');

const baseName = (w: string) => w.replace(/\/+$/, '').split('/').at(-1) ?? w;

/** Redacts a list of words: flag values given as the next word here, everything else by each. */
export function redactWords(ws: readonly string[], each: (w: string) => string): string[] {
  const out = new Array<string>(ws.length);
  let flag = '';
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as string;
    const client = CLIENT_FLAGS.get(baseName(w));
    if (client !== undefined) flag = client;
    else if (commandBreak(w)) flag = '';
    const short = flag.replace(/=$/, '');
    if (flag !== '' && w.length > short.length && w.startsWith(short)) {
      out[i] = short + REDACTED;
      continue;
    }
    out[i] = each(w);
    if (i + 1 === ws.length) continue;
    const next = ws[i + 1] as string;
    if ((flag !== '' && w === flag) || (secretFlag(w) && !next.startsWith('--'))) {
      out[i + 1] = REDACTED;
      i++;
    } else if (USER_FLAGS.has(w)) {
      out[i + 1] = redactUserPass(next, each);
      i++;
    }
  }
  return out;
}

/** Redacts the password of "user:password". */
function redactUserPass(v: string, each: (w: string) => string): string {
  const c = v.indexOf(':');
  if (c >= 0 && c < v.length - 1 && !v.includes('://')) return v.slice(0, c + 1) + REDACTED;
  return each(v);
}

const PAIR_START = /[A-Za-z_][A-Za-z0-9_.-]*=/y;

function pairAt(s: string, i: number): boolean {
  PAIR_START.lastIndex = i;
  return PAIR_START.test(s);
}

/** Redacts one word without whitespace: flags with values, "NAME=VALUE" pairs, URLs, bare DSNs. */
export function redactWord(w: string, depth = 0): string {
  if (w === REDACTED || w === '') return w;
  for (const prefix of ['--', '-D', '-']) {
    if (!w.startsWith(prefix) || !pairAt(w, prefix.length)) continue;
    // A flag has one value: all of the rest, whatever it holds.
    const body = w.slice(prefix.length);
    const eq = body.indexOf('=');
    const name = body.slice(0, eq);
    return `${prefix}${name}=${redactPairValue(name, body.slice(eq + 1), depth)}`;
  }
  if (pairAt(w, 0)) return redactPairs(w, depth);
  if (w.includes('://')) return redactURL(w, depth);
  return redactBareUserinfo(w, depth) ?? redactQuery(w, depth);
}

/**
 * Redacts "a=1;password=x&b=2": a pair starts at the word's start or after ";", "&" or ",", and
 * its value ends where the next pair starts, so "--password=p;ss" is one pair, redacted whole.
 */
function redactPairs(w: string, depth: number): string {
  const starts: number[] = [];
  for (let i = 0; i < w.length; i++) {
    if ((i === 0 || ';&,'.includes(w.charAt(i - 1))) && pairAt(w, i)) starts.push(i);
  }
  let out = '';
  starts.forEach((s, k) => {
    const next = starts[k + 1];
    const e = next === undefined ? w.length : next - 1;
    const pair = w.slice(s, e);
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    out += `${name}=${redactPairValue(name, pair.slice(eq + 1), depth)}${w.charAt(e)}`;
  });
  return out;
}

/** The value of a pair named like a credential goes; any other keeps what is not a credential. */
function redactPairValue(name: string, value: string, depth: number): string {
  if (value === '' || alreadyRedacted(value)) return value;
  if (isSecretName(name) || depth >= MAX_NESTING) return REDACTED;
  const inner = (v: string) => redactWord(v, depth + 1);
  return USER_FLAGS.has(`--${name}`) ? redactUserPass(value, inner) : inner(value);
}
