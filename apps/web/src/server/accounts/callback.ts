// Where to go after signing in, up or out: only a path on this site. Checking the text's first
// characters is not enough, because browsers drop tabs and newlines from URLs and read "\" as
// "/", so "/<tab>/evil.example" becomes "//evil.example", another host. The value is parsed the
// way the browser will parse it, and only the path, query and fragment of a same-origin result
// are kept; anything else falls back.
import 'server-only';

// Control characters and backslashes, typed or percent-encoded: no path of ours has them, and
// browsers rewrite them before they follow a redirect.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SUSPECT = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i;

/**
 * A same-origin path (with its query and fragment) for `value`, resolved against `origin`, the
 * site's own origin; `fallback` for anything else, including absolute URLs of other sites,
 * `javascript:` URLs and paths a browser would read as another host.
 */
export function safeCallbackPath(value: unknown, origin: string, fallback = '/'): string {
  if (typeof value !== 'string' || value === '' || SUSPECT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave "//host" in the path ("/.//evil.example"), which a browser would
  // follow as a link to that host.
  return path.startsWith('//') ? fallback : path;
}
