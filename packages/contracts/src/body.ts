// What both servers refuse in a request body before reading it as text, alike: a
// Content-Encoding (neither inflates bodies, so a compressed one would be "not valid JSON", and
// a bomb would cost memory) and bytes that are not UTF-8 (decoded leniently, a Latin-1 file's
// "Müller" was stored as "M\uFFFDller" and nobody was told). `body` names what to send instead
// ("JSON", "it"); `hint` adds where such bytes come from.
import { AppError } from './errors.ts';

/** Refuses (415) a body sent with any Content-Encoding but identity. */
export function refuseContentEncoding(encoding: string | null | undefined, body: string): void {
  if (encoding && encoding.toLowerCase() !== 'identity')
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `the body is sent with Content-Encoding: ${encoding}: send ${body} uncompressed, without Content-Encoding`,
    );
}

// ignoreBOM keeps a leading byte-order mark in the text, as it was sent.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body's text, or a 400 when its bytes are not UTF-8. */
export function utf8Body(bytes: Uint8Array, body: string, hint = ''): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', `the body is not valid UTF-8: send ${body} encoded as UTF-8${hint}`);
  }
}
