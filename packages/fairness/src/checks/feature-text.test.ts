import { describe, expect, it } from 'vitest';
import { checkById, runCheck } from '../catalogue.ts';
import { comparison, pair, side } from '../testing.ts';
import { statedFeatures } from './feature-text.ts';

const features = (configuration: string) =>
  Object.fromEntries(statedFeatures(comparison(side('A', { software: { configuration } })).entries[0]!));

describe('features stated in prose settings', () => {
  it.each([
    ['hash blake2; compression lz4; encryption AES-GCM', { compression: 'on', encryption: 'on' }],
    [
      'hash SHA256; compression not implemented; encryption AES-CTR',
      { compression: 'off', encryption: 'on' },
    ],
    ['negative caching not enabled (dnsmasq --no-negcache)', { 'negative caching': 'off' }],
    ['CoreDNS default deployment: negative caching enabled', { 'negative caching': 'on' }],
    ['served without TLS', { TLS: 'off' }],
    // Said both ways: no answer.
    ['compression on for logs; compression off for data', {}],
    ['threads=8, reuseport=yes', {}],
  ])('%s', (text, want) => expect(features(text)).toEqual(want));

  it('F-WL-3 flags a feature on for one side and off for another, and leaves out sides that do not say', () => {
    const r = runCheck(
      checkById('F-WL-3')!,
      pair(
        { software: { configuration: 'compression lz4' } },
        { software: { configuration: 'compression not implemented' } },
      ),
    );
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/^Compression on for A, off for B/);
    const silent = runCheck(
      checkById('F-WL-3')!,
      pair(
        { software: { configuration: 'compression lz4' } },
        { software: { configuration: 'chunk size 1 MB' } },
      ),
    );
    expect(silent.state).not.toBe('flag');
  });
});
