// What the account pages and procedures need from the request in hand: the client's address.
import 'server-only';
import { headers } from 'next/headers';
import { env } from '~/env';
import { clientAddress, trustedProxies } from './client-address';

export async function requestAddress(): Promise<string> {
  return clientAddress(
    (await headers()).get('x-forwarded-for'),
    trustedProxies(env().LEVELFIELD_TRUSTED_PROXIES),
  );
}
