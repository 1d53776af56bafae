import { describe, expect, it } from 'vitest';
import {
  branchOf,
  commitOf,
  describeTestbed,
  historyIdentity,
  historyIdentityText,
  type RunForKey,
} from './history-key';

const captured = (value: unknown) => ({ value, origin: 'captured', source: 'probe' });

/** A run as the agent records it on one c5.xlarge, on main at commit abc. */
function run(overrides: Partial<RunForKey> = {}, node: Record<string, unknown> = {}): RunForKey {
  return {
    projectId: 'p1',
    benchmark: 'pgbench',
    labels: { clients: '8' },
    system: { name: 'postgresql' },
    provenance: {
      nodes: [
        {
          role: 'client',
          name: 'runner-4f2a',
          count: 1,
          hardware: {
            cpuModel: captured('Intel Xeon 8275CL'),
            cores: captured(4),
            memoryBytes: captured(8 * 2 ** 30 - 37 * 2 ** 20),
          },
          software: { osName: captured('Ubuntu'), osVersion: captured('22.04') },
          cloud: { instanceType: captured('c5.xlarge') },
          ...node,
        },
      ],
      software: { vcsBranch: captured('main'), vcsCommit: captured('abc') },
    },
    ...overrides,
  };
}

const key = (r: RunForKey) => historyIdentityText(historyIdentity(r));

describe('history key', () => {
  it('is the same for two runs of one setup on different hosts and commits', () => {
    const other = run({}, { name: 'runner-9c1d' });
    (other.provenance as { software: unknown }).software = {
      vcsBranch: captured('main'),
      vcsCommit: captured('def'),
    };
    expect(key(other)).toBe(key(run()));
  });

  it('starts another line on other hardware, OS, parameters, system, benchmark or branch', () => {
    const base = key(run());
    const variants: RunForKey[] = [
      run({}, { cloud: { instanceType: captured('c5.2xlarge') } }),
      run({}, { hardware: { cpuModel: captured('AMD EPYC 7R13'), cores: captured(4) } }),
      run({}, { software: { osName: captured('Ubuntu'), osVersion: captured('24.04') } }),
      run({ labels: { clients: '16' } }),
      run({ system: { name: 'mysql' } }),
      run({ system: null }),
      run({ benchmark: 'sysbench' }),
      run({ labels: { clients: '8', branch: 'feature' } }),
      run({ projectId: 'p2' }),
    ];
    const keys = variants.map(key);
    for (const k of keys) expect(k).not.toBe(base);
    expect(new Set(keys).size).toBe(variants.length);
  });

  it('rounds memory to whole GiB, so a few MB more after a reboot is the same testbed', () => {
    const rebooted = run(
      {},
      {
        hardware: {
          cpuModel: captured('Intel Xeon 8275CL'),
          cores: captured(4),
          memoryBytes: captured(8 * 2 ** 30 - 12 * 2 ** 20),
        },
      },
    );
    expect(key(rebooted)).toBe(key(run()));
    expect(historyIdentity(run()).testbed[0]?.memoryGiB).toBe(8);
  });

  it('does not depend on the order of nodes or labels', () => {
    const twoNodes = (order: number[]) => {
      const nodes = [
        { role: 'sut', name: 'db', count: 3, hardware: { cores: captured(16) } },
        { role: 'client', name: 'load', count: 1, hardware: { cores: captured(4) } },
      ];
      return run({
        labels: order[0] === 0 ? { a: '1', b: '2' } : { b: '2', a: '1' },
        provenance: { nodes: order.map((i) => nodes[i]) },
      });
    };
    expect(key(twoNodes([0, 1]))).toBe(key(twoNodes([1, 0])));
  });

  it('reads branch and commit from labels first, then from the git capture; a detached HEAD has no branch', () => {
    expect(branchOf(run())).toBe('main');
    expect(commitOf(run())).toBe('abc');
    expect(branchOf(run({ labels: { branch: 'fix-1', commit: 'f00' } }))).toBe('fix-1');
    expect(commitOf(run({ labels: { branch: 'fix-1', commit: 'f00' } }))).toBe('f00');
    const detached = run({ provenance: { software: { vcsBranch: captured('HEAD') } } });
    expect(branchOf(detached)).toBeNull();
    expect(commitOf(detached)).toBeNull();
  });

  it('keeps branch, commit and repetition out of the parameters, and lets the caller name the branch', () => {
    const r = run({ labels: { clients: '8', branch: 'fix-1', commit: 'f00', repetition: '2' } });
    expect(historyIdentity(r).parameters).toEqual({ clients: '8' });
    expect(historyIdentity(r, { branch: 'main' })).toEqual(historyIdentity(run()));
  });

  it('describes the testbed for a heading', () => {
    expect(describeTestbed(historyIdentity(run()).testbed)).toBe(
      'client: c5.xlarge · Intel Xeon 8275CL · 4 cores · 8 GiB · Ubuntu 22.04',
    );
    expect(describeTestbed([])).toBe('testbed not recorded');
  });
});
