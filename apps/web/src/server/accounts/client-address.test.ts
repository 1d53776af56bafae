// Which address per-address limits count under, from X-Forwarded-For and the trusted-proxy count.
import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies, UNKNOWN_ADDRESS } from './client-address';

describe('clientAddress', () => {
  it('without a trusted proxy, takes the address Next.js recorded (the last entry)', () => {
    expect(clientAddress('203.0.113.7', 0)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
  });

  it('with trusted proxies, ignores what the client wrote to the left of them', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the one proxy appended the real address.
    expect(clientAddress('1.2.3.4, 198.51.100.20', 1)).toBe('198.51.100.20');
    // Two proxies: a CDN appended the client, the load balancer appended the CDN.
    expect(clientAddress('1.2.3.4, 198.51.100.20, 10.0.0.5', 2)).toBe('198.51.100.20');
    // A request that reached the inner proxy directly: the leftmost entry is all there is.
    expect(clientAddress('198.51.100.20', 2)).toBe('198.51.100.20');
  });

  it('counts IPv6 clients per /64, however the address is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientAddress('2001:db8:85a3:42::1', 0)).toBe(key);
    expect(clientAddress('2001:0DB8:85A3:0042:ffff:ffff:ffff:fffe', 0)).toBe(key);
    expect(clientAddress('2001:db8::7', 0)).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1', 0)).toBe('0:0:0:0::/64');
    expect(clientAddress('64:ff9b::192.0.2.33', 0)).toBe('64:ff9b:0:0::/64');
  });

  it('puts requests without a usable address in one bucket', () => {
    expect(clientAddress(null, 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(' , ', 1)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress('not-an-address', 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress('unknown', 0)).toBe(UNKNOWN_ADDRESS);
  });
});

describe('LEVELFIELD_TRUSTED_PROXIES', () => {
  it('defaults to none and reads a whole number', () => {
    expect(trustedProxies(undefined)).toBe(0);
    expect(trustedProxies(' ')).toBe(0);
    expect(trustedProxies('2')).toBe(2);
  });

  it.each(['yes', '-1', '1.5', '11'])('refuses %s, saying what to set', (value) => {
    expect(() => trustedProxies(value)).toThrow(
      /LEVELFIELD_TRUSTED_PROXIES is ".*": set it to the number of reverse proxies in front of the web app/,
    );
  });
});
