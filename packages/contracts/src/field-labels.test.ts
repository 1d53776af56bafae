import { describe, expect, it } from 'vitest';
import {
  describeField,
  describePathsIn,
  FIELD_LABELS,
  GROUP_LABELS,
  groupFieldLabel,
} from './field-labels.ts';
import { GROUP_FIELDS, PROVENANCE_GROUPS } from './provenance.ts';

describe('field labels', () => {
  it('give every field of every group a label and a one-line help', () => {
    for (const [group, keys] of Object.entries(GROUP_FIELDS)) {
      const labels = FIELD_LABELS[group as keyof typeof FIELD_LABELS] as Record<
        string,
        { label: string; help: string } | undefined
      >;
      for (const key of keys) {
        const at = `${group}.${key}`;
        expect(labels[key]?.label, `${at} has no label in field-labels.ts`).toMatch(/\S/);
        expect(labels[key]?.label, `${at}: a label is words, not the key`).not.toBe(key);
        expect(labels[key]?.help, `${at} has no help in field-labels.ts`).toMatch(/\S/);
        expect(labels[key]?.help, `${at}: the help is one line`).not.toMatch(/\n/);
      }
      // No label for a field that does not exist (a renamed field left behind).
      expect(Object.keys(labels).sort()).toEqual([...keys].sort());
    }
    for (const group of PROVENANCE_GROUPS) expect(GROUP_LABELS[group]).toMatch(/\S/);
  });

  it('name a field by its path as the diff and the checks write it', () => {
    expect(describeField('settings.isolationLevel')).toEqual({
      label: 'Isolation level',
      help: FIELD_LABELS.settings.isolationLevel.help,
    });
    expect(describeField('nodes.sut.hardware.hostType')).toMatchObject({
      label: 'Host type · system under test',
      help: FIELD_LABELS.hardware.hostType.help,
    });
    expect(describeField('nodes.sut.hardware.memoryBytes (total)')).toMatchObject({
      label: 'Memory · system under test (total)',
      unit: 'bytes',
    });
    expect(describeField('nodes.client.software.kernel').label).toBe('Kernel · client');
    expect(describeField('nodes.aux.count').label).toBe('Nodes · auxiliary node');
    expect(describeField('measurement.intervalMs')).toMatchObject({
      label: 'Reporting interval',
      unit: 'ms',
    });
    expect(describeField('disclosure.ai.declared').label).toBe('AI assistance');
  });

  it('put words in place of every path inside a text, and leave other text alone', () => {
    expect(describeField('client.targetRate / achieved').label).toBe('Target rate / achieved');
    expect(describeField('client.connections × client.pipelineDepth = 64 × 16').label).toBe(
      'Connections × Pipeline depth = 64 × 16',
    );
    expect(describeField('software.configuration.shared_buffers').label).toBe(
      'Configuration: shared_buffers',
    );
    expect(describeField('software.components[name=postgresql].version').label).toBe(
      'Software versions (postgresql)',
    );
    expect(describeField('reported percentiles')).toEqual({ label: 'reported percentiles' });
  });

  it('put words in place of the known fields in a check message, leaving look-alikes in values', () => {
    expect(
      describePathsIn('Cannot check the measurement window: measurement.durationMs for A not recorded.'),
    ).toBe('Cannot check the measurement window: Measured duration for A not recorded.');
    expect(describePathsIn('nodes.sut.hardware.vcpus (total) for B')).toBe(
      'vCPUs · system under test (total) for B',
    );
    // A file name in a quoted value is not a field.
    expect(describePathsIn('timed region differs (A: ./run.sh vs B: client.js)')).toBe(
      'timed region differs (A: ./run.sh vs B: client.js)',
    );
  });

  it('make a key readable where no label names it (an agent’s extra field, a custom one)', () => {
    expect(groupFieldLabel('hardware', 'numaNodes')).toEqual({ label: 'Numa nodes' });
    expect(groupFieldLabel('settings', 'x-walCompression')).toEqual({ label: 'Wal compression' });
    expect(describeField('nodes.sut.cloud.instanceLifecycle').label).toBe(
      'Instance lifecycle · system under test',
    );
    expect(groupFieldLabel('hardware', 'toString')).toEqual({ label: 'To string' });
  });
});
