// Name rules: which keys, flags, variables, labels and parameters hold a credential. Names are
// compared word by word (snake, kebab, dotted and camel case), so "monkey", "keyspace",
// "tokenizer" and "--keys" are kept. The same rules as agents/internal/provenance/names.go.

/** Mark a credential wherever they stand in the name (DB_PASS, MYSQL_PWD, client_secret). */
const SECRET_WORDS = new Set([
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PWD',
  'PASSPHRASE',
  'SECRET',
  'SECRETS',
  'TOKEN',
  'CRED',
  'CREDS',
  'CREDENTIAL',
  'CREDENTIALS',
  'APIKEY',
  'ACCESSKEY',
  'SECRETKEY',
  'PRIVATEKEY',
  // A session id is a bearer credential: whoever holds it is signed in (sessionid, JSESSIONID).
  'SESSIONID',
  'SESSID',
]);
/** Catch names written as one word (PGPASSWORD, GHTOKEN, JSESSIONID, PHPSESSID). */
const JOINED_SUFFIXES = [
  'PASSWORD',
  'PASSWD',
  'PASSPHRASE',
  'TOKEN',
  'SECRET',
  'APIKEY',
  'SESSIONID',
  'SESSID',
];
/** Mark a credential only as the last word: "api_key" and "REDIS_AUTH" hold one, "authSource" does not. */
const LAST_WORDS = new Set([
  'KEY',
  'AUTH',
  'AUTHORIZATION',
  'AUTHENTICATE',
  'BEARER',
  'COOKIE',
  'SIG',
  'SIGNATURE',
]);
/** Keys of data, not of locks ("primary_key", "partition.key"). */
const KEY_QUALIFIERS = new Set([
  'PRIMARY',
  'PARTITION',
  'SORT',
  'SHARD',
  'FOREIGN',
  'ROUTING',
  'HASH',
  'RANGE',
  'CLUSTERING',
  'PUBLIC',
]);
/**
 * As the last word, the name describes a credential rather than holding it: "--password-file"
 * keeps its path (where the secret came from is no secret), as do password_encryption and
 * token_type.
 */
const DESCRIPTORS = new Set([
  'FILE',
  'FILES',
  'PATH',
  'DIR',
  'TYPE',
  'METHOD',
  'MECHANISM',
  'ENCRYPTION',
  'LENGTH',
  'SIZE',
  'TTL',
  'NAME',
]);

/** Whether a key, flag, variable or parameter name holds a credential. */
export function isSecretName(name: string): boolean {
  const ws = words(name);
  const last = ws.at(-1);
  if (last === undefined || DESCRIPTORS.has(last)) return false;
  if (LAST_WORDS.has(last) && (ws.length === 1 || !KEY_QUALIFIERS.has(ws.at(-2) as string))) return true;
  // "session_id", "sessionId": the id of a session, written as two words.
  if (ws.some((w, i) => w === 'SESSION' && ws[i + 1] === 'ID')) return true;
  return ws.some(
    (w) => SECRET_WORDS.has(w) || JOINED_SUFFIXES.some((s) => w.length > s.length && w.endsWith(s)),
  );
}

const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;
const UPPER = /\p{Lu}/u;
const LOWER_OR_DIGIT = /[\p{Ll}\p{Nd}]/u;

/** Splits snake, kebab, dotted and camel case names into upper-case words. */
function words(name: string): string[] {
  const out: string[] = [];
  let cur = '';
  let prevLower = false;
  for (const r of name) {
    if (!LETTER_OR_DIGIT.test(r)) {
      if (cur) out.push(cur);
      cur = '';
      prevLower = false;
      continue;
    }
    if (UPPER.test(r) && prevLower) {
      out.push(cur);
      cur = '';
    }
    cur += r.toUpperCase();
    prevLower = LOWER_OR_DIGIT.test(r);
  }
  if (cur) out.push(cur);
  return out;
}
