import { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import { runChecks } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SETUP,
  emptyNode,
  FORM_GROUPS,
  type NodeDraft,
  parseComponents,
  SetupDraft,
  setupFieldName,
  setupToDocuments,
} from './published-setup.ts';

const SOURCE = 'https://example.com/tpcc';
const draft = (patch: Partial<SetupDraft>): SetupDraft => ({ ...EMPTY_SETUP, ...patch });
const node = (patch: Partial<NodeDraft>): NodeDraft => ({ ...emptyNode(), ...patch });

function documents(d: SetupDraft, system = 'CockroachDB') {
  const out = setupToDocuments(SetupDraft.parse(d), { system, sourceUrl: SOURCE });
  return { provenance: Provenance.parse(out.provenance), disclosure: Disclosure.parse(out.disclosure) };
}

const imported = (value: unknown) => ({ value, origin: 'imported', source: SOURCE });

describe('the published form’s setup section', () => {
  it('writes nodes of every role, versions, fields and cost as imported fields with the source URL', () => {
    const { provenance, disclosure } = documents(
      draft({
        nodes: [
          node({
            count: '81',
            hostType: 'c5d.9xlarge',
            cpuModel: 'Xeon 8124M',
            memory: '72 GiB',
            vcpus: '36',
            zone: 'us-east-1a',
          }),
          node({ role: 'client', hostType: 'c5.4xlarge', zone: 'us-east-1b' }),
          node({ role: 'aux', name: 'coordinator', count: '3', vcpus: '4' }),
        ],
        software: 'cockroachdb 24.3, ubuntu 22.04',
        fields: {
          'settings.isolationLevel': 'SERIALIZABLE',
          'client.connections': '64',
          'software.nonDefaultSettings': 'shared_buffers, wal_level',
          'cost.clusterCostPerHour': '$139.97',
        },
        affiliation: 'Red Planet Labs',
        ai: 'no',
      }),
    );
    expect(provenance.nodes.map((n) => [n.role, n.name, n.count])).toEqual([
      ['sut', 'CockroachDB', 81],
      ['client', 'client', 1],
      ['aux', 'coordinator', 3],
    ]);
    expect(provenance.nodes[0]?.hardware).toEqual({
      hostType: imported('c5d.9xlarge'),
      cpuModel: imported('Xeon 8124M'),
      vcpus: imported(36),
      memoryBytes: imported('72 GiB'),
    });
    expect(provenance.nodes[1]?.cloud).toEqual({ zone: imported('us-east-1b') });
    expect(provenance.topology.nodeCount).toEqual(imported(81));
    expect(provenance.software.components).toEqual(imported({ cockroachdb: '24.3', ubuntu: '22.04' }));
    expect(provenance.software.nonDefaultSettings).toEqual(imported(['shared_buffers', 'wal_level']));
    expect(provenance.settings.isolationLevel).toEqual(imported('SERIALIZABLE'));
    expect(provenance.client.connections).toEqual(imported(64));
    expect(provenance.cost).toMatchObject({
      clusterCostPerHour: imported(139.97),
      currency: imported('USD'),
    });
    expect(disclosure).toMatchObject({ affiliation: 'Red Planet Labs', ai: { declared: 'no' } });
  });

  it('records "differs" as a difference whose value is not printed', () => {
    const { provenance } = documents(draft({ fields: { 'settings.durability': 'differs (not printed)' } }));
    expect(provenance.settings.durability).toEqual({
      value: null,
      differs: true,
      origin: 'imported',
      source: SOURCE,
    });
  });

  it('marks values known from elsewhere as declared, and leaves out what was not entered', () => {
    const { provenance, disclosure } = documents(
      draft({ origin: 'declared', nodes: [node({ hostType: 'm5.large' })] }),
    );
    expect(provenance.nodes[0]?.hardware.hostType).toEqual({ value: 'm5.large', origin: 'declared' });
    expect(provenance.nodes[0]?.count).toBe(1);
    expect(provenance.cost).toEqual({});
    expect(disclosure.affiliation).toBeUndefined();
    expect(documents(draft({})).provenance.nodes).toEqual([]);
  });

  it('names each field it cannot read', () => {
    const out = SetupDraft.safeParse(
      draft({
        nodes: [node({ memory: '64', count: 'three', vcpus: 'many' })],
        software: 'postgres',
        fields: { 'cost.clusterCostPerHour': 'cheap' },
      }),
    );
    expect(out.error?.issues.map((issue) => setupFieldName(issue.path.join('.')))).toEqual([
      'node 1 Count',
      'node 1 vCPUs',
      'node 1 Memory',
      'software versions',
      'cost per hour',
    ]);
    // Words that say nothing are unknown, as the form's help promises, and stored as typed.
    const unsaid = SetupDraft.parse(draft({ nodes: [node({ vcpus: 'not stated', memory: 'n/a' })] }));
    expect(documents(unsaid).provenance.nodes[0]?.hardware.vcpus).toMatchObject({ value: 'not stated' });
    expect(parseComponents('postgres')).toEqual({ error: expect.stringMatching(/has no version/) });
  });

  it('offers every contract field the checks read, except those typed elsewhere', () => {
    const offered = new Set(FORM_GROUPS.flatMap((g) => g.keys.map((k) => `${g.group}.${k}`)));
    for (const path of [
      'settings.isolationLevel',
      'client.maxInFlight',
      'measurement.durationMs',
      'topology.zone',
      'software.configuration',
      'workload.features',
    ])
      expect(offered).toContain(path);
    expect(offered).not.toContain('software.components');
  });

  it('is what the fairness checks read: three nodes per side, different instance types flag F-HW-1', () => {
    const side = (label: string, hostType: string, affiliation: string) => {
      const { provenance, disclosure } = documents(
        draft({
          nodes: [
            node({ hostType, count: '3' }),
            node({ role: 'client', hostType: 'c5.large' }),
            node({ role: 'aux', vcpus: '2' }),
          ],
          affiliation,
        }),
        label,
      );
      return {
        label,
        system: label,
        runs: [{ id: label, name: label, source: 'published' as const, provenance, disclosure }],
      };
    };
    const checks = runChecks({
      entries: [
        side('Rama', 'i8g.4xlarge', 'Red Planet Labs'),
        side('CockroachDB', 'c5d.9xlarge', 'Red Planet Labs'),
      ],
    });
    expect(checks.find((c) => c.id === 'F-HW-1')?.state).toBe('flag');
    expect(checks.find((c) => c.id === 'F-HW-1')?.evidence[0]).toMatchObject({
      origin: 'imported',
      source: SOURCE,
    });
    expect(checks.find((c) => c.id === 'F-DISC-3')?.state).toBe('flag');
  });
});
