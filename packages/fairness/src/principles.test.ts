// The rules of docs/fairness.md, tested over every check rather
// than per example: unknown is never pass, and every recorded field is read by some check.
import { GROUP_FIELDS, VALUE_GROUPS } from '@levelfield/contracts/provenance';
import { describe, expect, it } from 'vitest';
import { CHECKS, runCheck, runChecks } from './catalogue.ts';
import { passesOnNothing, recordedPaths } from './properties.ts';
import type { ComparisonInput } from './schema.ts';
import { comparison, fullySpecifiedRun, side, withField } from './testing.ts';

const full = () => comparison(side('A', fullySpecifiedRun()), side('B', fullySpecifiedRun()));

describe('unknown is never pass', () => {
  it('a fully specified pair passes most checks, each citing both sides', () => {
    const results = runChecks(full());
    const passed = results.filter((r) => r.state === 'pass');
    expect(passed.length).toBeGreaterThanOrEqual(25);
    for (const r of passed) {
      expect(
        r.evidence.some((e) => e.entry === 'A'),
        r.id,
      ).toBe(true);
      expect(
        r.evidence.some((e) => e.entry === 'B'),
        r.id,
      ).toBe(true);
    }
  });

  it('no check passes when one evidence field on one side is replaced by "not stated", "default", "n/a", …', {
    timeout: 60_000,
  }, () => {
    expect(passesOnNothing(full(), 'full pair')).toEqual([]);
  });

  it('"not stated", "default" or "short" on every side never passes (the checks that used to)', () => {
    const base = full();
    for (const id of [
      'F-TOPO-1',
      'F-TOPO-2',
      'F-ISO-1',
      'F-WL-2',
      'F-CLIENT-1',
      'F-CLIENT-3',
      'F-MEAS-3',
      'F-MEAS-4',
      'F-MEAS-6',
      'F-DISC-2',
    ]) {
      const check = CHECKS.find((c) => c.id === id)!;
      const passed = runCheck(check, base);
      expect(passed.state, id).toBe('pass');
      for (const value of ['not stated', 'default', 'short']) {
        let input = base;
        for (const path of recordedPaths(base, passed))
          for (const entry of [0, 1]) input = withField(input, entry, path, { value, origin: 'imported' });
        const r = runCheck(check, input);
        expect(r.state, `${id} with "${value}" on both sides: ${r.message}`).not.toBe('pass');
      }
    }
  });

  it('F-MEAS-8 does not call null values measured', () => {
    const nulls = comparison(
      side('A', { values: [{ metric: 'tpmC', value: null, unit: 'tpmC', origin: 'imported', text: 'N/A' }] }),
      side('B', { values: [{ metric: 'tpmC', value: null, unit: 'tpmC', origin: 'imported', text: 'N/A' }] }),
    );
    expect(runCheck(CHECKS.find((c) => c.id === 'F-MEAS-8')!, nulls).state).toBe('unknown');
  });

  it('a side that says nothing on both sides is unknown, with the printed text kept as evidence', () => {
    const input = withField(
      withField(full(), 0, 'settings.isolationLevel', {
        value: 'default',
        origin: 'imported',
        source: 'post',
      }),
      1,
      'settings.isolationLevel',
      { value: 'not stated', origin: 'imported' },
    );
    const r = runCheck(CHECKS.find((c) => c.id === 'F-ISO-1')!, input);
    expect(r.state).toBe('unknown');
    expect(r.evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry: 'A', field: 'settings.isolationLevel', value: 'default' }),
        expect.objectContaining({ entry: 'B', field: 'settings.isolationLevel', value: 'not stated' }),
      ]),
    );
  });

  it('a value read as equal while it admits part of it is not stated goes to a reviewer, both sides named', () => {
    const hedged = withField(full(), 0, 'measurement.cacheState', {
      value: 'result caches enabled; pre-warming not stated',
      origin: 'imported',
    });
    const r = runCheck(CHECKS.find((c) => c.id === 'F-MEAS-4')!, hedged);
    expect(r.state).toBe('needs_review');
    expect(r.hint).toMatch(
      /partly not stated \(A: result caches enabled; pre-warming not stated vs B: warm\)/,
    );
    // The same words on every side are the same ignorance about pre-warming, not the same setup.
    const both = withField(hedged, 1, 'measurement.cacheState', {
      value: 'result caches enabled; pre-warming not stated',
      origin: 'imported',
    });
    expect(runCheck(CHECKS.find((c) => c.id === 'F-MEAS-4')!, both).state).toBe('needs_review');
  });

  it('"differs, value not stated" is a finding', () => {
    const input = withField(full(), 1, 'settings.durability', {
      value: null,
      differs: true,
      origin: 'imported',
      source: 'rebuttal',
    });
    const r = runCheck(CHECKS.find((c) => c.id === 'F-DUR-1')!, input);
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/B: differs \(value not stated\)/);
  });
});

/**
 * Fields no check needs to read, each with its reason. Everything else in the provenance contract
 * must change some check's answer (other than F-DISC-5's generic rule) when it changes.
 */
const IRRELEVANT: Record<string, string> = {
  'run.startedAt':
    'when a run happened is not a property of its setup; F-SW-1 reads it only for releases not dated, which a fully specified run dates',
  'run.endedAt': 'when a run happened is not a property of its setup',
  'run.repetitionGroup': 'an identifier grouping repetitions; the comparison entry groups them',
};

/** Every field path of the contract, per group, with node groups under nodes.sut / nodes.client. */
function contractPaths(): string[] {
  const top = VALUE_GROUPS.flatMap((g) => GROUP_FIELDS[g].map((k) => `${g}.${k}`));
  const node = [
    ...GROUP_FIELDS.hardware.map((k) => `nodes.sut.hardware.${k}`),
    ...GROUP_FIELDS.nodeSoftware.map((k) => `nodes.sut.software.${k}`),
    ...['provider', 'region', 'zone'].map((k) => `nodes.sut.cloud.${k}`),
  ];
  return [...top, ...node];
}

/** The recorded value at a path (`group.key` or `nodes.role.group.key`). */
function valueAt(
  provenance: ComparisonInput['entries'][number]['runs'][number]['provenance'] | undefined,
  path: string,
) {
  const parts = path.split('.');
  const group =
    parts[0] === 'nodes'
      ? provenance?.nodes.find((n) => n.role === parts[1])?.[parts[2] as 'hardware']
      : provenance?.[parts[0] as 'run'];
  return (group as Record<string, { value: unknown } | undefined> | undefined)?.[parts.at(-1) ?? '']?.value;
}

/** A value for side B that differs from side A's in a way the field's readers can see. */
function otherValue(path: string, a: unknown): unknown {
  const special: Record<string, unknown> = {
    'run.notes': 'fsync was disabled for this run.',
    'run.declaredDifferences': ['F-SW-2'],
    'software.components': [{ name: 'OpenJDK', version: '17.0.1' }],
    'topology.zone': 'us-east-1a, us-east-1b, us-east-1c',
    'nodes.sut.cloud.zone': 'us-east-1b',
    'nodes.sut.hardware.memoryLimitBytes': '8 GiB',
  };
  if (path in special) return special[path];
  if (typeof a === 'number') return a * 3 + 1;
  if (typeof a === 'boolean') return !a;
  if (Array.isArray(a)) return [...a.map(String), 'something else', 'another'];
  if (a && typeof a === 'object') return { ...a, extra: 'setting', more: 'settings', third: 'x' };
  return 'something else entirely';
}

describe('every recorded field counts', () => {
  const base = full();
  const baseline = JSON.stringify(runChecks(base).filter((r) => r.id !== 'F-DISC-5'));
  for (const path of contractPaths()) {
    if (path in IRRELEVANT) continue;
    it(`${path} is read by a check`, () => {
      const current = valueAt(base.entries[1]?.runs[0]?.provenance, path);
      const changed = withField(base, 1, path, {
        value: otherValue(path, current) as never,
        origin: 'declared',
      });
      const after = JSON.stringify(runChecks(changed).filter((r) => r.id !== 'F-DISC-5'));
      expect(after, `no check other than F-DISC-5 reads ${path}`).not.toBe(baseline);
    });
  }

  it('every field that is not read says why', () => {
    for (const [path, why] of Object.entries(IRRELEVANT)) {
      expect(contractPaths(), path).toContain(path);
      expect(why.length).toBeGreaterThan(10);
    }
  });

  it('F-DISC-5 lists every differing group besides the subject (zone, OS), never "only the system"', () => {
    const base = comparison(
      side('A', fullySpecifiedRun(), 'AcmeDB'),
      side('B', fullySpecifiedRun(), 'OtherDB'),
    );
    expect(runCheck(CHECKS.find((c) => c.id === 'F-DISC-5')!, base).state).toBe('pass');
    const changed = withField(
      withField(base, 1, 'topology.zone', { value: 'us-east-1c', origin: 'declared' }),
      1,
      'nodes.sut.software.osVersion',
      { value: '24.04', origin: 'declared' },
    );
    const r = runCheck(CHECKS.find((c) => c.id === 'F-DISC-5')!, changed);
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/topology \(.*zone/);
    expect(r.message).toMatch(/software \(.*osVersion/);
    expect(r.message).toMatch(/besides the subject \(system\)/);
  });

  it('a field no check knows is still caught by F-DISC-5', () => {
    const r = runCheck(
      CHECKS.find((c) => c.id === 'F-DISC-5')!,
      withField(
        withField(full(), 0, 'settings.walCompression', { value: 'off', origin: 'declared' }),
        1,
        'settings.walCompression',
        { value: 'lz4', origin: 'declared' },
      ),
    );
    expect(r.message).toMatch(/walCompression/);
  });
});
