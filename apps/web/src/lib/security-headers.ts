// The Content-Security-Policy of every page, built per request by proxy.ts. Scripts run only
// with the request's nonce ('strict-dynamic' lets those scripts load the chunks they import), so
// an injected <script> or inline handler does not run even if escaping ever failed. Styles keep
// 'unsafe-inline': charts and React set style attributes, and a nonce cannot cover attributes.

export interface PolicyInput {
  nonce: string;
  /** The ingest API's origin: run pages stream from it (EventSource). */
  ingestOrigin: string;
  /** Report chart embeds exist to be framed by any site; every other page by none. */
  embed: boolean;
  /** Development builds evaluate code for fast refresh. */
  dev: boolean;
}

export function contentSecurityPolicy({ nonce, ingestOrigin, embed, dev }: PolicyInput): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${ingestOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${embed ? '*' : "'none'"}`,
  ].join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** The embed path that may be framed anywhere: /r/{slug}/embed/{chart}. */
export const EMBED_PATH = /^\/r\/[^/]+\/embed\//;
