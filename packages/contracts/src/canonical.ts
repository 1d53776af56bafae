// The canonical serialisation of a JSON value, so that a SHA-256 over a report snapshot can be
// recomputed by anyone, in any language, from the JSON the API serves:
//
//   - objects: members sorted by key, compared as UTF-16 code units (JavaScript's default sort);
//     members whose value is `undefined` are left out, as JSON.stringify does;
//   - arrays: in order;
//   - strings: JSON string syntax as ECMAScript's JSON.stringify writes it (only `"`, `\` and
//     control characters escaped; \b \f \n \r \t by name, the rest as \u00XX lower-case hex);
//   - numbers: ECMAScript's shortest round-trip form (Number.prototype.toString), -0 as 0;
//     NaN and ±Infinity are rejected;
//   - true, false, null as themselves; no whitespace anywhere; UTF-8 bytes are hashed.
//
// This is the JSON Canonicalization Scheme (RFC 8785) for the values snapshots contain.

export class CanonicalJsonError extends Error {}

export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value))
        throw new CanonicalJsonError(`${path} is ${value}, which JSON cannot represent: store null instead`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((item, i) => write(item ?? null, `${path}[${i}]`)).join(',')}]`;
      if (value instanceof Date)
        throw new CanonicalJsonError(`${path} is a Date: convert it to an ISO-8601 string first`);
      const members = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${JSON.stringify(k)}:${write(v, `${path}.${k}`)}`);
      return `{${members.join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`${path} is a ${typeof value}, which JSON cannot represent`);
  }
}
