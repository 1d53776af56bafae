import { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import { runChecks } from '@levelfield/fairness';
import { describe, expect, it } from 'vitest';
import { EMPTY_SETUP, parseComponents, type SetupDraft, setupToDocuments } from './setup.ts';

const SOURCE = 'https://example.com/tpcc';
const draft = (patch: Partial<SetupDraft>): SetupDraft => ({ ...EMPTY_SETUP, ...patch });

function documents(d: SetupDraft, system = 'CockroachDB') {
  const out = setupToDocuments(d, { system, sourceUrl: SOURCE });
  if ('errors' in out) throw new Error(JSON.stringify(out.errors));
  return { provenance: Provenance.parse(out.provenance), disclosure: Disclosure.parse(out.disclosure) };
}

describe('the published form’s setup section', () => {
  it('writes the SUT node, versions, node count and cost as imported fields with the source URL', () => {
    const { provenance, disclosure } = documents(
      draft({
        instanceType: 'c5d.9xlarge',
        cpuModel: 'Xeon 8124M',
        memory: '72 GiB',
        nodes: '81',
        software: 'cockroachdb 24.3, ubuntu 22.04',
        costPerHour: '$139.97',
        affiliation: 'Red Planet Labs',
        ai: 'no',
      }),
    );
    const imported = (value: unknown) => ({ value, origin: 'imported', source: SOURCE });
    expect(provenance.nodes).toEqual([
      expect.objectContaining({
        role: 'sut',
        name: 'CockroachDB',
        count: 81,
        hardware: {
          hostType: imported('c5d.9xlarge'),
          cpuModel: imported('Xeon 8124M'),
          memoryBytes: imported('72 GiB'),
        },
      }),
    ]);
    expect(provenance.topology.nodeCount).toEqual(imported(81));
    expect(provenance.software.components).toEqual(imported({ cockroachdb: '24.3', ubuntu: '22.04' }));
    expect(provenance.cost).toMatchObject({
      clusterCostPerHour: imported(139.97),
      currency: imported('USD'),
    });
    expect(disclosure).toMatchObject({ affiliation: 'Red Planet Labs', ai: { declared: 'no' } });
  });

  it('marks values known from elsewhere as declared, and leaves out what was not entered', () => {
    const { provenance, disclosure } = documents(draft({ origin: 'declared', instanceType: 'm5.large' }));
    expect(provenance.nodes[0]?.hardware.hostType).toEqual({ value: 'm5.large', origin: 'declared' });
    expect(provenance.nodes[0]?.count).toBe(1);
    expect(provenance.topology).toEqual({});
    expect(provenance.cost).toEqual({});
    expect(disclosure.affiliation).toBeUndefined();
    expect(documents(draft({})).provenance.nodes).toEqual([]);
  });

  it('names each field it cannot read', () => {
    const out = setupToDocuments(
      draft({ memory: '64', nodes: 'three', software: 'postgres', costPerHour: 'cheap' }),
      {
        system: 'x',
        sourceUrl: SOURCE,
      },
    );
    expect('errors' in out && out.errors.map((e) => e.field)).toEqual([
      'memory',
      'nodes',
      'software versions',
      'cost per hour',
    ]);
    expect(parseComponents('postgres')).toEqual({ error: expect.stringMatching(/has no version/) });
  });

  it('is what the fairness checks read: different instance types flag F-HW-1, the affiliation hints F-DISC-3', () => {
    const side = (label: string, hostType: string, affiliation: string) => {
      const { provenance, disclosure } = documents(
        draft({ instanceType: hostType, nodes: '3', affiliation }),
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
    expect(checks.find((c) => c.id === 'F-DISC-3')?.hint).toMatch(/Red Planet Labs/);
  });
});
