import { describe, expect, it } from 'vitest';
import { setupChangesOf, setupDifferences, setupOf, setupsDiffer } from './history-setup';

const captured = (value: unknown) => ({ value, origin: 'captured' });
const pgbench = (clients: number, protocol: string, extra: Record<string, unknown> = {}) => ({
  client: { connections: captured(clients), threads: captured(1), loadModel: captured('closed') },
  workload: {
    parameters: captured({ scripts: ['builtin select-only'], protocol, ...extra }),
    command: captured(['pgbench', '-h', `/tmp/run-${clients}`]),
  },
});

describe('a run’s setup', () => {
  it('is the tool’s options the agent read, each parameter a setting of its own', () => {
    expect(setupOf(pgbench(8, 'prepared'))).toEqual({
      'client.connections': '8',
      'client.threads': '1',
      'client.loadModel': 'closed',
      'workload.parameters.scripts': '["builtin select-only"]',
      'workload.parameters.protocol': 'prepared',
    });
    // The command line itself (hosts, paths) is not part of it.
    expect(setupsDiffer(pgbench(8, 'simple'), pgbench(8, 'simple'))).toBe(false);
  });

  it('is unknown when nothing was recorded, and unknown differs from nothing', () => {
    expect(setupOf({})).toBeNull();
    expect(setupOf({ client: { connections: captured(null) } })).toBeNull();
    expect(setupOf('not an object')).toBeNull();
    expect(setupsDiffer({}, pgbench(1, 'simple'))).toBe(false);
  });

  it('names each setting that differs, and one set on one side only', () => {
    expect(
      setupDifferences(
        setupOf(pgbench(2, 'prepared'))!,
        setupOf(pgbench(1, 'prepared', { connectPerTransaction: true }))!,
      ),
    ).toEqual([
      { setting: 'client.connections', before: '2', after: '1' },
      { setting: 'workload.parameters.connectPerTransaction', before: null, after: 'true' },
    ]);
  });
});

describe('where a history’s options changed', () => {
  it('marks a point whose run differs from the last run that recorded options, skipping unknown ones', () => {
    const setups = new Map([
      ['a', setupOf(pgbench(2, 'prepared'))],
      ['b', null],
      ['c', setupOf(pgbench(2, 'prepared'))],
      ['d', setupOf(pgbench(2, 'simple'))],
      ['e', setupOf(pgbench(2, 'simple'))],
      ['f', setupOf(pgbench(1, 'simple'))],
    ]);
    const points = [
      { index: 0, commit: 'c0', runs: [{ id: 'a' }] },
      { index: 1, commit: 'c1', runs: [{ id: 'b' }] },
      { index: 2, commit: 'c2', runs: [{ id: 'c' }] },
      { index: 3, commit: 'c3', runs: [{ id: 'd' }, { id: 'e' }] },
      { index: 4, commit: null, runs: [{ id: 'f' }] },
    ];
    expect(setupChangesOf(points, setups).map((c) => [c.pointIndex, c.runId, c.summary])).toEqual([
      [3, 'd', 'workload.parameters.protocol prepared → simple'],
      [4, 'f', 'client.connections 2 → 1'],
    ]);
  });
});
