// The seed publications: every figure as printed, and the flags docs/fairness.md says each raises,
// read from the data files in seeds/ through the import a user's publication goes through.
import type { CheckResult, RunInput } from '@levelfield/fairness';
import { runChecks } from '@levelfield/fairness';
import { passesOnNothing } from '@levelfield/fairness/properties';
import { costPerTpmCPerHour, tpccEfficiency } from '@levelfield/metrics/formulas';
import { describe, expect, it } from 'vitest';
import { checkClaims } from '~/server/comparisons/claims';
import { SEED_COMPARISONS, seedBySlug } from './seed-publications.ts';

const ramaVsCockroachdb = seedBySlug('rama-vs-cockroachdb-tpcc');
const ramaCrossPartitionVariant = seedBySlug('rama-vs-cockroachdb-tpcc-99-cross-partition');
const cockroachdbTpccScale = seedBySlug('cockroachdb-tpcc-3-vs-30-nodes');
const spacetimedbVsPostgres = SEED_COMPARISONS.filter((s) =>
  s.slug.startsWith('spacetimedb-vs-postgres-keynote'),
);
const rdsMysqlTpcc = seedBySlug('rds-mysql-tpcc');
const temporalDatabases = seedBySlug('temporal-databases');

const byId = (results: CheckResult[], id: string) => {
  const r = results.find((x) => x.id === id);
  if (!r) throw new Error(`no result for ${id}`);
  return r;
};

/** A checklist "flag" on a reviewer check is a needs_review with a hint and evidence. */
function raised(r: CheckResult): boolean {
  if (r.state === 'flag') return r.evidence.length > 0;
  return r.state === 'needs_review' && Boolean(r.hint) && r.evidence.length > 0;
}

const value = (run: RunInput, metric: string, labels: Record<string, string> = {}) =>
  run.values.find((v) => v.metric === metric && Object.entries(labels).every(([k, l]) => v.labels[k] === l));

describe('seed comparisons', () => {
  it('have unique slugs, including the ones issue 6 names', () => {
    const slugs = SEED_COMPARISONS.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of [
      'rama-vs-cockroachdb-tpcc',
      'spacetimedb-vs-postgres-keynote',
      'rds-mysql-tpcc',
      'temporal-databases',
    ])
      expect(seedBySlug(slug)?.slug).toBe(slug);
    for (const s of SEED_COMPARISONS)
      if (s.leveledFrom) expect(seedBySlug(s.leveledFrom).slug).toBe(s.leveledFrom);
  });

  for (const seed of SEED_COMPARISONS) {
    describe(seed.slug, () => {
      const results = runChecks(seed.input);

      it.each(seed.expectedFlags)('raises %s with evidence', (id) => {
        const r = byId(results, id);
        expect(raised(r), `${id}: ${r.state} — ${r.message}`).toBe(true);
      });

      if (seed.expectedPasses.length > 0)
        it.each(seed.expectedPasses)('clears %s', (id) => {
          const r = byId(results, id);
          expect(r.state, r.message).toBe('pass');
        });

      it('never passes a check that is missing provenance, and imports every field with its source', () => {
        for (const r of results) if (r.state === 'pass') expect(r.missing, r.id).toBeUndefined();
        for (const entry of seed.input.entries)
          for (const run of entry.runs) {
            const groups = [
              run.provenance.topology,
              run.provenance.workload,
              run.provenance.cost,
              run.provenance.client,
            ];
            for (const g of groups)
              for (const f of Object.values(g)) {
                if (!f) continue;
                expect(['imported', 'declared']).toContain(f.origin);
                expect(f.source, JSON.stringify(f)).toBeTruthy();
              }
            for (const v of run.values) expect(v.source).toMatch(/^seed 00\d/);
          }
      });
    });
  }
});

// Thousands of check runs: generous time, since CI runs it beside the other suites on 2 cores.
it('no seed passes a check when one of its evidence fields says nothing instead', { timeout: 60_000 }, () => {
  for (const seed of SEED_COMPARISONS) expect(passesOnNothing(seed.input, seed.slug)).toEqual([]);
});

describe('seed 000: Rama vs CockroachDB', () => {
  const [crdb, rama] = ramaVsCockroachdb.input.entries.map((e) => e.runs[0] as RunInput);
  const results = runChecks(ramaVsCockroachdb.input);

  it('keeps the figures exactly as published', () => {
    expect(crdb?.provenance.nodes[0]).toMatchObject({
      count: 81,
      hardware: { hostType: { value: 'c5d.9xlarge' } },
    });
    expect(rama?.provenance.nodes[0]).toMatchObject({
      count: 64,
      hardware: { hostType: { value: 'i8g.4xlarge' } },
    });
    expect(value(crdb!, 'clusterCostPerHour')).toMatchObject({ value: 139.97, text: '$139.97' });
    expect(value(rama!, 'clusterCostPerHour')).toMatchObject({ value: 87.81, text: '$87.81' });
    expect(value(crdb!, 'vcpusTotal')?.text).toBe('2,916');
    expect(value(rama!, 'vcpusTotal')?.text).toBe('1,024');
    expect(value(crdb!, 'tpmC')).toMatchObject({ value: 1_684_437, text: '1,684,437' });
    expect(value(rama!, 'tpmC')).toMatchObject({ value: 1_676_800, text: '1,676,800' });
    expect(value(crdb!, 'efficiency')).toMatchObject({ value: 95.5, formulaId: 'tpcc-efficiency/12.605' });
    expect(value(rama!, 'efficiency')).toMatchObject({ value: 95, text: '95.0%' });
    expect(
      value(rama!, 'latency', { transaction: 'Delivery', endPoint: 'complete', percentile: 'p50' }),
    ).toMatchObject({
      value: 1100,
      text: '1,100*',
      quality: 'estimated',
    });
    expect(
      value(crdb!, 'latency', { transaction: 'New Order', endPoint: 'initiate', percentile: 'p50' }),
    ).toMatchObject({
      value: null,
      text: 'N/A',
    });
    expect(
      value(crdb!, 'latency', { transaction: 'Payment', endPoint: 'complete', percentile: 'max' })?.value,
    ).toBe(103_079.2);
    // Each side's figures come out of the formulas with the ids recorded next to them.
    const perHour = (cost: number, tpm: number) =>
      costPerTpmCPerHour.compute({ costPerHourUsd: cost, tpmC: tpm }).toFixed(7);
    expect(perHour(87.81, 1_676_800)).toBe('0.0000524');
    expect(perHour(139.97, 1_684_437)).toBe('0.0000831');
    expect(tpccEfficiency(1_684_437, 140_000, 12.605).toFixed(1)).toBe('95.5');
    expect(tpccEfficiency(1_676_800, 140_000, 12.605).toFixed(1)).toBe('95.0');
  });

  it('shows the hardware asymmetry with the imported instance types and the vCPU totals', () => {
    const hw1 = byId(results, 'F-HW-1');
    expect(
      hw1.evidence
        .filter((e) => e.field === 'nodes.sut.hardware.hostType')
        .map((e) => [e.entry, e.value, e.origin]),
    ).toEqual([
      ['CockroachDB', 'c5d.9xlarge', 'imported'],
      ['Rama', 'i8g.4xlarge', 'imported'],
    ]);
    const hw2 = byId(results, 'F-HW-2');
    expect(
      hw2.evidence.filter((e) => e.field === 'nodes.sut.hardware.vcpus (total)').map((e) => e.value),
    ).toEqual([2916, 1024]);
  });

  it('flags the initiate/complete end points and the estimated Delivery latencies', () => {
    const meas2 = byId(results, 'F-MEAS-2');
    expect(meas2.message).toMatch(/complete and initiate/);
    const meas8 = byId(results, 'F-MEAS-8');
    const estimated = meas8.evidence.filter((e) => e.quality === 'estimated');
    expect(estimated).toHaveLength(5);
    expect(estimated.every((e) => e.entry === 'Rama')).toBe(true);
    expect(estimated[0]?.source).toMatch(/\*Estimated/);
    // CockroachDB's side is its vendor's own published result, quoted by Rama's vendor.
    expect(meas8.message).toMatch(/measured by different parties/);
  });

  it('flags the efficiency formula that neither side states', () => {
    const meas7 = byId(results, 'F-MEAS-7');
    expect(meas7.message).toMatch(/not stated/);
    const recomputed = meas7.evidence
      .filter((e) => e.field === 'values.efficiency (recomputed)')
      .map((e) => e.value);
    expect(recomputed).toEqual([
      { published: '95.5%', computed: 95.45, formula: 'tpcc-efficiency/12.605' },
      { published: '95.0%', computed: 95.02, formula: 'tpcc-efficiency/12.605' },
    ]);
  });

  it('names the vendor authors for the reviewer', () => {
    const r = byId(results, 'F-DISC-3');
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Rama is published by the vendor of Rama, compared against CockroachDB/);
    // The post names CockroachDB as its comparison point: that is not an affiliation with it.
    expect(r.hint).not.toMatch(/Rama:[^|]*the vendor of CockroachDB/);
  });

  it('says unknown where the post gives nothing', () => {
    for (const id of ['F-ISO-1', 'F-DUR-1', 'F-CLIENT-1', 'F-MEAS-4', 'F-MEAS-6', 'F-HW-4', 'F-DISC-2'])
      expect(byId(results, id).state, id).toBe('unknown');
  });

  it('labels the 99 % cross-partition variant for review', () => {
    const r = runChecks(ramaCrossPartitionVariant.input);
    expect(byId(r, 'F-WL-5').hint).toMatch(/Rama \(99% cross-partition\): variant "99% cross-partition"/);
    expect(value(ramaCrossPartitionVariant.input.entries[1]?.runs[0] as RunInput, 'tpmC')?.text).toBe(
      '1,507,200',
    );
  });
});

describe('seed 001: CockroachDB TPC-C at two scales', () => {
  const [small, large] = cockroachdbTpccScale.input.entries.map((e) => e.runs[0] as RunInput);
  it('keeps both final lines as printed, and 12.86 tpmC per warehouse reproduces each efc', () => {
    expect(value(small as RunInput, 'tpmC')?.text).toBe('13154.0');
    expect(value(large as RunInput, 'tpmC')?.text).toBe('131109.8');
    expect(value(small as RunInput, 'latency', { percentile: 'p99' })?.value).toBe(184.5);
    expect(value(large as RunInput, 'latency', { percentile: 'max' })?.value).toBe(4295);
    expect(tpccEfficiency(13154.0, 1000, 12.86).toFixed(1)).toBe('102.3');
    expect(tpccEfficiency(131109.8, 10_000, 12.86).toFixed(1)).toBe('102.0');
    expect(value(small as RunInput, 'efficiency')?.formulaId).toBe('tpcc-efficiency/12.86');
  });

  it('compares the scale on purpose and flags what else the large cluster adds', () => {
    const results = runChecks(cockroachdbTpccScale.input);
    expect(byId(results, 'F-HW-2').message).not.toMatch(/node count differs/i);
    expect(byId(results, 'F-WL-3').hint).toMatch(/partitioning/);
  });
});

describe('seed 002: SpacetimeDB vs PostgreSQL keynote', () => {
  const original = runChecks(spacetimedbVsPostgres[0]!.input);

  it('has every mode it ran at both contention levels, each leveled from the original', () => {
    // Original, fair (as the results table prints it), fair as run (Turn 4), both optimised, and
    // each at maximum (Turn 5): five modes × two contention levels.
    expect(spacetimedbVsPostgres).toHaveLength(10);
    expect(
      spacetimedbVsPostgres.filter((s) => s.leveledFrom === 'spacetimedb-vs-postgres-keynote'),
    ).toHaveLength(4);
    expect(
      spacetimedbVsPostgres.filter((s) => s.leveledFrom === 'spacetimedb-vs-postgres-keynote-alpha-1-5'),
    ).toHaveLength(4);
  });

  it('hosts the figures printed only in the commit messages and the prompt log', () => {
    const printed = (slug: string) =>
      seedBySlug(slug).input.entries.map(
        (e) => `${e.label}: ${value(e.runs[0] as RunInput, 'throughput')?.text}`,
      );
    expect(printed('spacetimedb-vs-postgres-keynote-fair-as-run')).toEqual([
      'SpacetimeDB (TypeScript client, confirmed reads): 100',
      'PostgreSQL (stored procedure, Node.js): 3,387',
      'PostgreSQL (Drizzle ORM, Node.js): 1,902',
    ]);
    expect(printed('spacetimedb-vs-postgres-keynote-fair-as-run-alpha-1-5')).toEqual([
      'SpacetimeDB (TypeScript client, confirmed reads): 105',
      'PostgreSQL (stored procedure, Node.js): 277',
      'PostgreSQL (Drizzle ORM, Node.js): 249',
    ]);
    expect(printed('spacetimedb-vs-postgres-keynote-max')[0]).toBe('SpacetimeDB (Rust client): 92,480');
    expect(printed('spacetimedb-vs-postgres-keynote-max-alpha-1-5')[0]).toBe(
      'SpacetimeDB (Rust client): 107,653',
    );
    expect(printed('postgres-storedproc-vs-drizzle-first-commit')).toEqual([
      'Drizzle ORM: 1,817',
      'stored procedure: 3,415',
    ]);
    // The fair run is leveled where the table's "fair" rows are not: both sides durable at commit.
    const fair = runChecks(seedBySlug('spacetimedb-vs-postgres-keynote-fair-as-run').input);
    expect(byId(fair, 'F-DUR-1').state).toBe('pass');
  });

  it('keeps the results table exactly as published', () => {
    const tps = spacetimedbVsPostgres.flatMap((s) =>
      s.input.entries.map(
        (e) =>
          `${e.label} ${e.runs[0]?.name.match(/alpha=[\d.]+/)?.[0]}: ${value(e.runs[0] as RunInput, 'throughput')?.text}`,
      ),
    );
    for (const line of [
      'SpacetimeDB (Rust client) alpha=0.5: 73,123',
      'PostgreSQL (stored procedure, Rust client) alpha=0.5: 32,232',
      'PostgreSQL (stored procedure, Node.js) alpha=0.5: 3,880',
      'PostgreSQL (Drizzle ORM, Node.js) alpha=0.5: 1,838',
      'SpacetimeDB (TypeScript client, confirmed reads) alpha=0.5: 100',
      'SpacetimeDB (Rust client) alpha=1.5: 64,603',
      'PostgreSQL (stored procedure, Rust client) alpha=1.5: 7,811',
      'PostgreSQL (stored procedure, Node.js) alpha=1.5: 3,747',
      'PostgreSQL (Drizzle ORM, Node.js) alpha=1.5: 1,357',
      'SpacetimeDB (TypeScript client, confirmed reads) alpha=1.5: 105',
    ])
      expect(tps).toContain(line);
  });

  it('shows the original mode’s asymmetries with their values', () => {
    const ev = (id: string, field: string) =>
      byId(original, id)
        .evidence.filter((e) => e.field === field)
        .map((e) => e.value);
    expect(ev('F-CLIENT-1', 'client.language')).toEqual(['Rust', 'TypeScript (Node.js)']);
    expect(ev('F-CLIENT-2', 'client.maxInFlight')).toEqual([16_384]);
    expect(ev('F-CLIENT-2', 'client.pipelineDepth or maxInFlight (concurrency style)')).toEqual([
      'pipelined',
      'sequential',
    ]);
    expect(ev('F-ISO-1', 'settings.isolationLevel')).toEqual(['serializable', 'read_committed']);
    expect(ev('F-DUR-1', 'settings.durabilityRaw')).toEqual([
      'confirmedReads=false',
      'synchronous_commit=off',
    ]);
    expect(ev('F-MEAS-1', 'measurement.throughputSource')).toEqual([
      'server-side Prometheus metrics',
      'client-side',
    ]);
    expect(byId(original, 'F-WL-3').hint).toMatch(
      /PostgreSQL \(Drizzle ORM, Node\.js\) only: ORM \(Drizzle\)/,
    );
  });

  it('shows the declared AI assistance with its prompt log as given', () => {
    const disc4 = byId(original, 'F-DISC-4');
    expect(disc4.hint).toMatch(
      /scopes harness-code, configuration, analysis, report-text; tools Claude Code/,
    );
    expect(disc4.hint).toMatch(/prompt log included \(7 turns\); 4 commit trailers/);
    const log = spacetimedbVsPostgres[0]!.input.entries[0]?.runs[0]?.disclosure.ai.promptLog;
    expect(log).toContain('Turn 7 — User\n\nPlease update the PR version with the optimized numbers too');
    expect(log).toContain(
      'Analysis tool: This analysis was conducted by Claude (Opus 4.6) via Claude Code CLI.',
    );
  });

  it("sets the PR's own claims beside the factors its figures give", () => {
    const [low] = checkClaims(
      seedBySlug('spacetimedb-vs-postgres-keynote-optimized').input,
      seedBySlug('spacetimedb-vs-postgres-keynote-optimized').claims ?? [],
    );
    expect(low?.factor).toBe(2.3);
    expect(low?.computed?.toFixed(2)).toBe('2.27'); // 73,123 / 32,232
    const [high] = checkClaims(
      seedBySlug('spacetimedb-vs-postgres-keynote-optimized-alpha-1-5').input,
      seedBySlug('spacetimedb-vs-postgres-keynote-optimized-alpha-1-5').claims ?? [],
    );
    expect(high?.computed?.toFixed(2)).toBe('8.27'); // 64,603 / 7,811
    const [orm] = checkClaims(
      seedBySlug('spacetimedb-vs-postgres-keynote-fair').input,
      seedBySlug('spacetimedb-vs-postgres-keynote-fair').claims ?? [],
    );
    expect(orm?.computed?.toFixed(2)).toBe('2.11'); // 3,880 / 1,838
  });

  it('the both-optimised mode clears the client checks at both contention levels', () => {
    for (const s of spacetimedbVsPostgres.filter((x) => x.slug.includes('optimized'))) {
      const r = runChecks(s.input);
      expect(byId(r, 'F-CLIENT-1').state).toBe('pass');
      expect(byId(r, 'F-CLIENT-2').state).toBe('pass');
      // Each side pipelines at its own optimum: the pass says the depths differ, and by how much.
      expect(byId(r, 'F-CLIENT-2').message).toMatch(
        /16,384 vs .*51,200 \(unequal, within the ×10 tolerance\)/,
      );
      expect(byId(r, 'F-CLIENT-2').message).not.toMatch(/matches/);
    }
  });
});

describe('seed 003 and 004', () => {
  it('003 keeps Table 4 as published and sweeps ten instance/service pairs', () => {
    expect(rdsMysqlTpcc.sweep?.values).toHaveLength(10);
    const multiAzXl = rdsMysqlTpcc.input.entries.find((e) => e.label === 'Multi-AZ XLarge')
      ?.runs[0] as RunInput;
    expect(value(multiAzXl, 'instancePricePerHour')?.text).toBe('1.66');
    expect(value(multiAzXl, 'tpmC')?.text).toBe('1693.67');
    expect(value(multiAzXl, 'transactionCost')?.text).toBe('1762.09');
    expect(value(multiAzXl, 'dollarsPerTpmC3y')?.text).toBe('27.78');
  });

  it('004 flags the best-of-three selection on every database', () => {
    const r = byId(runChecks(temporalDatabases.input), 'F-MEAS-5');
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/postgresql v17\.6 reports the best of 3 runs/);
    expect(r.evidence.filter((e) => e.field === 'run.selectionRule')).toHaveLength(4);
  });

  it('004 flags measurement windows from 26.2 s to 44.4 s as not comparable', () => {
    const r = byId(runChecks(temporalDatabases.input), 'F-MEAS-3');
    expect(r.state).toBe('flag');
    expect(r.message).toMatch(/Measured duration differs/);
    expect(r.message).toMatch(/26,185/);
    expect(r.message).toMatch(/44,388/);
  });
});
