// The client's address, for limits per address. Next.js gives pages, server actions and route
// handlers only the request's headers, never the socket (and Auth.js's authorize() gets a plain
// Request, no better). `next start` writes the socket's address into X-Forwarded-For, but only
// when the request did not bring that header itself. So the header is read from the right: each
// trusted reverse proxy appends the address it received the request from, and with
// LEVELFIELD_TRUSTED_PROXIES=n the client is the n-th entry from the end; entries further left
// were written by the client and are ignored. With no proxy configured (0, the default) the
// last entry is the socket address, unless a client talking to Next.js directly sent its own
// header, which nothing here can tell apart: put a reverse proxy in front and count it in
// LEVELFIELD_TRUSTED_PROXIES to make per-address limits hold against such a client.
import 'server-only';
import { isIP } from 'node:net';

/** The bucket for requests without a usable address. */
export const UNKNOWN_ADDRESS = 'unknown';

/** LEVELFIELD_TRUSTED_PROXIES: how many reverse proxies in front of the web app append to X-Forwarded-For. */
export function trustedProxies(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 10) {
    throw new Error(
      `LEVELFIELD_TRUSTED_PROXIES is "${value}": set it to the number of reverse proxies in front of the web app (0 to 10), or leave it unset for none.`,
    );
  }
  return count;
}

/**
 * The address to count attempts under. IPv6 addresses count per /64, the block one customer
 * usually gets; an IPv4 address seen as IPv6 (::ffff:a.b.c.d) counts as the IPv4 address.
 */
export function clientAddress(forwardedFor: string | null, proxies: number): string {
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return UNKNOWN_ADDRESS;
  // Fewer entries than proxies: the request skipped the outer ones; the leftmost is the best known.
  const chosen = entries[Math.max(0, entries.length - Math.max(1, proxies))]!;
  return addressKey(chosen);
}

function addressKey(raw: string): string {
  const address = raw.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const version = isIP(address);
  if (version === 4) return address;
  if (version === 6) return `${prefix64(address)}::/64`;
  return UNKNOWN_ADDRESS;
}

/** The first four 16-bit groups of a valid IPv6 address, "::" expanded, leading zeros dropped. */
function prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part fills two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const zeros = Array<string>(8 - width(left) - width(right)).fill('0');
  return [...left, ...zeros, ...right]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':');
}
