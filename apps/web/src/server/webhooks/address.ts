// Where a webhook may not go: the server's own network. A project editor names the webhook's
// address, so without this check they could make the server post to its loopback, to private
// services beside it, or to a cloud metadata endpoint (169.254.169.254). Checked when a webhook is
// added and again before every attempt, since a name may resolve elsewhere later. An installation
// whose chat server is internal allows it with LEVELFIELD_WEBHOOK_ALLOW_INTERNAL=1.
import 'server-only';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

/** "::ffff:7f00:1" → "127.0.0.1": an IPv4 address written as IPv6 is checked as the IPv4 it is. */
function mappedIpv4(address: string): string | null {
  const m = /^::ffff:(?:([0-9a-f]{1,4}):([0-9a-f]{1,4})|(\d+\.\d+\.\d+\.\d+))$/i.exec(address);
  if (!m) return null;
  if (m[3]) return m[3];
  const [hi, lo] = [Number.parseInt(m[1] ?? '0', 16), Number.parseInt(m[2] ?? '0', 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function isInternal(address: string, family: number): boolean {
  const v4 = family === 6 ? mappedIpv4(address) : address;
  return v4 ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

/** The first address of the URL's host on the server's own network, or null when there is none. */
export async function internalAddress(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  return addresses.find((a) => isInternal(a.address, a.family))?.address ?? null;
}

/**
 * Why a webhook may not be called there, for the editor and the delivery log; null when it may.
 * `allowInternal` is asked only when the address is internal.
 */
export async function refusedAddress(url: string, allowInternal: () => boolean): Promise<string | null> {
  let inside: string | null;
  try {
    inside = await internalAddress(url);
  } catch {
    return null; // an unresolvable name fails at the attempt, with the resolver's own message
  }
  return inside && !allowInternal()
    ? `${new URL(url).hostname} is ${inside}, an address on the server's own network: webhooks go to public addresses (an installation allows internal ones with LEVELFIELD_WEBHOOK_ALLOW_INTERNAL=1)`
    : null;
}
