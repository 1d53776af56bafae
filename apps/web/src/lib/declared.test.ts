import { Provenance } from '@levelfield/contracts/provenance';
import { describe, expect, it } from 'vitest';
import { applyDeclared, parseDeclaredValue } from './declared.ts';

const captured = Provenance.parse({
  software: { vcsCommit: { value: 'abc123', origin: 'captured' } },
  settings: { isolationLevel: { value: 'read committed', origin: 'declared' } },
});

describe('declared provenance', () => {
  it('types numbers and flags, keeps everything else as text', () => {
    expect(parseDeclaredValue(' 140000 ')).toBe(140000);
    expect(parseDeclaredValue('3.5')).toBe(3.5);
    expect(parseDeclaredValue('false')).toBe(false);
    expect(parseDeclaredValue('c5d.9xlarge')).toBe('c5d.9xlarge');
    expect(parseDeclaredValue('1e400')).toBe('1e400');
  });

  it('adds declared values with their origin', () => {
    const next = applyDeclared(captured, { topology: { replicationFactor: '3' }, cost: { currency: 'USD' } });
    expect(next.topology.replicationFactor).toEqual({ value: 3, origin: 'declared' });
    expect(next.cost.currency).toEqual({ value: 'USD', origin: 'declared' });
  });

  it('keeps a captured value beside a declared override', () => {
    const next = applyDeclared(captured, { software: { vcsCommit: 'def456' } });
    expect(next.software.vcsCommit).toEqual({ value: 'def456', origin: 'declared' });
    expect(next.software.vcsCommitCaptured).toEqual({ value: 'abc123', origin: 'captured' });
  });

  it('removes a declared value given as empty, but never a captured one', () => {
    const next = applyDeclared(captured, { settings: { isolationLevel: '' }, software: { vcsCommit: ' ' } });
    expect(next.settings.isolationLevel).toBeUndefined();
    expect(next.software.vcsCommit).toEqual({ value: 'abc123', origin: 'captured' });
  });

  it('does not change the document it was given', () => {
    applyDeclared(captured, { topology: { nodeCount: '81' } });
    expect(captured.topology.nodeCount).toBeUndefined();
  });
});
