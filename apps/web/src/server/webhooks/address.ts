// Where a webhook may not go: the server's own network. A project editor names the webhook's
// address, so without this check they could make the server post to its loopback, to private
// services beside it, or to a cloud metadata endpoint (169.254.169.254). Checked when a webhook is
// added and again before every attempt, since a name may resolve elsewhere later. An installation
// whose chat server is internal allows it with LEVELFIELD_WEBHOOK_ALLOW_INTERNAL=1.
import 'server-only';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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

/** An IPv6 address as its eight 16-bit groups ("::" expanded, a trailing dotted IPv4 read). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, more] = text.split('::');
  if (more !== undefined) return null;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const [h, t] = [part(head), part(tail)];
  const groups = tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

const ipv4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');

/**
 * The IPv4 address an IPv6 one carries, checked as the IPv4 it is: mapped (::ffff:127.0.0.1),
 * NAT64 (64:ff9b::/96, where a DNS64 resolver puts IPv4-only hosts) and 6to4 (2002::/16).
 */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

function isInternal(address: string, family: number): boolean {
  const v4 = family === 6 ? embeddedIpv4(address) : address;
  return v4 ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

/** The first of a name's addresses on the server's own network, if any. */
const firstInternal = <A extends { address: string; family: number }>(addresses: readonly A[]) =>
  addresses.find((a) => isInternal(a.address, a.family));

/**
 * A resolver for the connection itself (http.request's `lookup`): the addresses a name resolves
 * to when the webhook is called, refused when one is internal. Checking a name and then letting
 * the request resolve it again would let a name that answers a public address first and the
 * loopback next (DNS rebinding) through.
 */
export function guardedLookup(allowInternal: () => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const found = addresses as LookupAddress[];
      const inside = firstInternal(found);
      if (inside && !allowInternal()) {
        const refused = Object.assign(
          new Error(
            `${hostname} resolved to ${inside.address}, an address on the server's own network: webhooks go to public addresses`,
          ),
          { code: 'EADDRINTERNAL' },
        );
        return callback(refused, '', 4);
      }
      if (options.all) return callback(null, found);
      const [first] = found;
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      callback(null, first.address, first.family);
    });
  };
}

/** The first address of the URL's host on the server's own network, or null when there is none. */
export async function internalAddress(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  return firstInternal(addresses)?.address ?? null;
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
