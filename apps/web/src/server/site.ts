// The address people reach this site at, for links shown to copy (invitation links): AUTH_URL
// when set, otherwise the request's own host.
import 'server-only';
import { headers } from 'next/headers';
import { env } from '~/env';

export async function siteOrigin(): Promise<string> {
  const configured = env().AUTH_URL;
  if (configured) return new URL(configured).origin;
  const h = await headers();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? '127.0.0.1:3000';
  const proto =
    h.get('x-forwarded-proto') ??
    (host.startsWith('127.0.0.1') || host.startsWith('localhost') ? 'http' : 'https');
  return `${proto}://${host}`;
}
