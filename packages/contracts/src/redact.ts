// Credential redaction for what a run carries: provenance, labels, disclosure. The ingest API
// and the web import apply it before storing, whatever sent the run (an agent of any version, a
// script, a hand-made request). The rules are the agent's (agents/internal/provenance), and both
// implementations are tested against vectors/credentials.json, so a value redacted by the agent
// comes through unchanged and anything it missed is caught here.
import { VALUE_GROUPS } from './provenance.ts';
import { alreadyRedacted, REDACTED } from './redact/marker.ts';
import { isSecretName } from './redact/names.ts';
import { redactWord, redactWords } from './redact/words.ts';

export { REDACTED } from './redact/marker.ts';
export { isSecretName } from './redact/names.ts';

// Rules for free text that spans several words, applied before the words are read one by one.
/** A private key block, possibly cut short by the 4096-character bound of a value. */
const PEM_BLOCK =
  /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY[A-Z ]*)-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|$)/g;
/** name="value" and JSON's "name": "value" (a JAAS config's password="…"). */
const QUOTED_DOUBLE =
  /(^|[^A-Za-z0-9_.-])"?([A-Za-z_][A-Za-z0-9_.-]*)"?[ \t]*[=:][ \t]*"((?:[^"\\]|\\[^\n])*)"/dg;
const QUOTED_SINGLE = /(^|[^A-Za-z0-9_.-])'?([A-Za-z_][A-Za-z0-9_.-]*)'?[ \t]*[=:][ \t]*'([^']*)'/dg;
/**
 * "Name: value" and "name = value" to the end of the line or a closing quote: HTTP headers,
 * YAML, INI files (~/.aws/credentials, .my.cnf). "name=value" without spaces is a word of its own.
 */
const LINE_PAIR =
  /(^|[\t\n\f\r '"{,;([])([A-Za-z][A-Za-z0-9_.-]*)(?:[ \t]*:|[ \t]+=|=[ \t])[ \t]*([^\t\n\f\r '"][^\r\n'"]*)/dg;
/** The scheme of an Authorization value stays ("Basic [REDACTED]"). */
const AUTH_SCHEME =
  /^(basic|bearer|token|digest|negotiate|ntlm|aws4-hmac-sha256|bot|apikey|oauth|ssws|geniekey)[ \t]+[^ \t]/i;
const BEARER = /\b([Bb]earer)[ \t]+([A-Za-z0-9\-._~+/]+=*)/dg;
const BASIC = /\b(Basic)[ \t]+([A-Za-z0-9+/]{4,}={0,2})/dg;
const TEXT_WORD = /[^\t\n\f\r ]+/g;

/** Shapes of well-known tokens, wherever they stand: no name says these are tokens. */
const TOKEN_SHAPES = [
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key id
  /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, // JWT
  /\blf_[A-Za-z0-9_-]{20,}/g, // Levelfield API token
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g, // GitHub fine-grained
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, // Slack
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, // Stripe
  /\bsk-[A-Za-z0-9_-]{20,}/g, // OpenAI-style
  /\bAIza[0-9A-Za-z_-]{35}/g, // Google API key
  /\bya29\.[0-9A-Za-z_-]{20,}/g, // Google OAuth access token
  /\bnpm_[A-Za-z0-9]{36}/g, // npm
  /\bhf_[A-Za-z]{30,}/g, // Hugging Face
];
const SLACK_WEBHOOK = /hooks\.slack\.com\/services\/[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+/g;

/** Redacts free text: a value, a label, a variable's value, one argument of a command line. */
export function redactString(text: string): string {
  let s = text.replace(PEM_BLOCK, `-----BEGIN $1-----\n${REDACTED}\n-----END $1-----`);
  s = replaceGroup(QUOTED_DOUBLE, s, 3, secretValue);
  s = replaceGroup(QUOTED_SINGLE, s, 3, secretValue);
  s = replaceGroup(LINE_PAIR, s, 3, (name, value) => {
    const v = value.replace(/[ \t]+$/, '');
    if (!isSecretName(name) || alreadyRedacted(v)) return value;
    const trail = value.slice(v.length);
    const scheme = AUTH_SCHEME.exec(v);
    return scheme ? `${scheme[1]} ${REDACTED}${trail}` : REDACTED + trail;
  });
  s = replaceGroup(BEARER, s, 2, (_, token) =>
    token.length >= 16 || /[0-9]/.test(token) ? REDACTED : token,
  );
  s = replaceGroup(BASIC, s, 2, (_, credential) => (isBasicCredential(credential) ? REDACTED : credential));
  s = redactText(s);
  for (const shape of TOKEN_SHAPES) s = s.replace(shape, REDACTED);
  return s.replace(SLACK_WEBHOOK, `hooks.slack.com/services/${REDACTED}`);
}

function secretValue(name: string, value: string): string {
  return isSecretName(name) && value !== '' ? REDACTED : value;
}

/** Replaces group g of every match of re (flags "dg") by fn(group 2, group g). */
function replaceGroup(re: RegExp, s: string, g: number, fn: (name: string, value: string) => string): string {
  let out = '';
  let last = 0;
  for (const m of s.matchAll(re)) {
    const span = m.indices?.[g];
    if (!span) continue;
    out += s.slice(last, span[0]) + fn(m[2] ?? '', m[g] as string);
    last = span[1];
  }
  return out + s.slice(last);
}

/** A "Basic" word followed by base64 of "user:password", so "Basic workload" in prose stays. */
function isBasicCredential(s: string): boolean {
  if (s.length % 4 !== 0) return false;
  let decoded: string;
  try {
    decoded = atob(s);
  } catch {
    return false;
  }
  return decoded.includes(':') && /^[\x20-\x7e]*$/.test(decoded);
}

/** Reads the whitespace-separated words of s as a command line, keeping the whitespace. */
function redactText(s: string): string {
  const matches = [...s.matchAll(TEXT_WORD)];
  if (matches.length === 0) return s;
  const red = redactWords(
    matches.map((m) => m[0]),
    redactWord,
  );
  let out = '';
  let last = 0;
  matches.forEach((m, i) => {
    out += s.slice(last, m.index) + red[i];
    last = m.index + m[0].length;
  });
  return out + s.slice(last);
}

/** Redacts a command line given as its arguments. */
export function redactArgs(args: readonly string[]): string[] {
  return redactWords(args, redactString);
}

/**
 * Redacts a named value: an environment variable, a label, a field. The whole value of a
 * credential-named one goes; any other keeps what is not a credential.
 */
export function redactPair(name: string, value: string): string {
  if (value === '' || alreadyRedacted(value)) return value;
  return isSecretName(name) ? REDACTED : redactString(value);
}

/** Redacts a run's labels. */
export function redactLabels(labels: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, redactPair(k, v)]));
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of v with secrets removed: values under credential-named keys, and secrets in texts. A
 * list of texts is read as a command line, so "--password", "x" loses the x.
 */
export function redactValue<T>(v: T): T {
  return redactAny(v) as T;
}

function redactAny(v: unknown): unknown {
  if (typeof v === 'string') return redactString(v);
  if (Array.isArray(v)) {
    return v.every((x) => typeof x === 'string') ? redactArgs(v) : v.map(redactAny);
  }
  if (isRecord(v)) {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, isSecretName(k) ? redactLeaf(x) : redactAny(x)]),
    );
  }
  return v;
}

/** Hides a value but keeps the shape of records; an empty text, a boolean or null stay. */
function redactLeaf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redactLeaf);
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactLeaf(x)]));
  if (v === null || v === undefined || typeof v === 'boolean' || v === '') return v;
  return REDACTED;
}

const NODE_GROUPS = ['hardware', 'software', 'cloud'] as const;

/** Redacts every field of a group: its value by the field's name and content, its source as text. */
function redactGroup(group: unknown): unknown {
  if (!isRecord(group)) return group;
  return Object.fromEntries(
    Object.entries(group).map(([key, field]) => {
      if (!isRecord(field)) return [key, field];
      const out: Record<string, unknown> = {
        ...field,
        value: isSecretName(key) ? redactLeaf(field.value) : redactAny(field.value),
      };
      if (typeof field.source === 'string') out.source = redactString(field.source);
      return [key, out];
    }),
  );
}

/**
 * Redacts a provenance document (the contract's shape) as the agent does before sending it:
 * every field of every group and node, the nodes' names and the fields' sources.
 */
export function redactProvenance<T extends object>(doc: T): T {
  const d = doc as Record<string, unknown>;
  const out: Record<string, unknown> = { ...d };
  for (const g of VALUE_GROUPS) if (g in d) out[g] = redactGroup(d[g]);
  if (Array.isArray(d.nodes)) {
    out.nodes = d.nodes.map((node) => {
      if (!isRecord(node)) return node;
      const n: Record<string, unknown> = { ...node };
      if (typeof node.name === 'string') n.name = redactString(node.name);
      for (const g of NODE_GROUPS) if (g in node) n[g] = redactGroup(node[g]);
      return n;
    });
  }
  return out as T;
}
