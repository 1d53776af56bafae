// Runs before every page: gives the request a fresh CSP nonce (Next reads it from the request's
// Content-Security-Policy header and puts it on its own scripts) and sends the policy, plus HSTS
// when the site is served over https. Static headers (nosniff, Referrer-Policy, …) are in
// next.config.ts, which covers static files too.
import { type NextRequest, NextResponse } from 'next/server';
import { env } from '~/env';
import { contentSecurityPolicy, EMBED_PATH, newNonce } from '~/lib/security-headers';

export function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    ingestOrigin: new URL(env().LEVELFIELD_INGEST_URL).origin,
    embed: EMBED_PATH.test(request.nextUrl.pathname),
    dev: env().NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  if (https) response.headers.set('strict-transport-security', 'max-age=63072000; includeSubDomains');
  return response;
}

export const config = {
  // Pages only: API answers are JSON, and static files carry no scripts of their own.
  matcher: [
    {
      source: '/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
