import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardedLookup, internalAddress, refusedAddress } from './address.ts';

describe('webhook addresses', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', '127.0.0.1'],
    ['http://localhost/hook', '127.0.0.1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://10.1.2.3/x', '10.1.2.3'],
    ['https://192.168.0.10/x', '192.168.0.10'],
    ['http://[::1]/x', '::1'],
    ['http://[fd00::1]/x', 'fd00::1'],
    ['http://[::ffff:127.0.0.1]/x', '::ffff:7f00:1'],
    ['http://0.0.0.0/x', '0.0.0.0'],
    // NAT64 and 6to4 carry an IPv4 address, checked as the IPv4 it is.
    ['http://[64:ff9b::a9fe:a9fe]/x', '64:ff9b::a9fe:a9fe'],
    ['http://[64:ff9b::127.0.0.1]/x', '64:ff9b::7f00:1'],
    ['http://[2002:7f00:1::1]/x', '2002:7f00:1::1'],
  ])('%s is on the server’s own network', async (url, address) => {
    const found = await internalAddress(url);
    expect(found === address || (found !== null && url.includes('localhost'))).toBe(true);
  });

  it('lets a public address through, and says why an internal one is refused', async () => {
    expect(await internalAddress('https://93.184.216.34/hook')).toBeNull();
    expect(await refusedAddress('http://127.0.0.1:9/x', () => false)).toMatch(
      /127\.0\.0\.1 is 127\.0\.0\.1, an address on the server's own network.*LEVELFIELD_WEBHOOK_ALLOW_INTERNAL=1/,
    );
    expect(await refusedAddress('http://127.0.0.1:9/x', () => true)).toBeNull();
  });

  it('lets NAT64 and 6to4 addresses of public hosts through', async () => {
    expect(await internalAddress('http://[64:ff9b::5db8:d822]/hook')).toBeNull();
    expect(await internalAddress('http://[2002:5db8:d822::1]/hook')).toBeNull();
  });

  it('refuses the connection itself when the name resolves inside, so a name checked once cannot rebind', async () => {
    const server = createServer((_, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (allow: boolean) =>
      new Promise<string>((resolve, reject) => {
        fetchWith(
          `http://localhost:${port}/`,
          guardedLookup(() => allow),
          resolve,
          reject,
        );
      });
    try {
      await expect(get(false)).rejects.toThrow(
        /localhost resolved to 127\.0\.0\.1, an address on the server's own network/,
      );
      expect(await get(true)).toBe('reached');
    } finally {
      server.close();
    }
  });
});

/** GET through a given resolver: the way deliver.ts connects. */
function fetchWith(
  url: string,
  lookup: ReturnType<typeof guardedLookup>,
  resolve: (body: string) => void,
  reject: (error: Error) => void,
) {
  const request = get(url, { lookup, family: 4 }, (response) => {
    let body = '';
    response.on('data', (chunk) => (body += chunk));
    response.on('end', () => resolve(body));
  });
  request.on('error', reject);
}
