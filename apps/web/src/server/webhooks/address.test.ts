import { describe, expect, it } from 'vitest';
import { internalAddress, refusedAddress } from './address.ts';

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
});
