// What a comparison varies on purpose. A comparison of two ORMs on one database differs in its
// ORM by design; that difference is its subject, not an asymmetry. Every other differing field
// is still flagged (docs/fairness.md, principle 3).
import type { ComparisonInput } from './schema.ts';

/**
 * The kind of machine: comparing instance types compares their processors (model, vendor,
 * family, architecture, clock, accelerators) and prices. Not their size: vCPUs, cores and memory stay
 * compared, since two instance types are compared fairly at equal resources (F-HW-2). Not SMT or
 * turbo either: they are switches of a machine, and with SMT on one side a vCPU is half a core,
 * so "24 vCPUs each" compares 12 cores with 24 — the confounder architecture comparisons miss.
 */
const MACHINE_KIND = [
  'nodes.sut.hardware.hostType',
  'nodes.sut.hardware.accelerators',
  'nodes.sut.hardware.cpuModel',
  'nodes.sut.hardware.cpuVendor',
  'nodes.sut.hardware.cpuFamily',
  'nodes.sut.hardware.arch',
  'nodes.sut.hardware.hwAvailability',
  'nodes.sut.hardware.maxFrequencyMhz',
  'nodes.sut.hardware.caches',
  'nodes.sut.hardware.microcode',
  'cost.unitPricePerNodeHour',
  'cost.clusterCostPerHour',
];

/**
 * How far a system scales out: more nodes bring more vCPUs and memory in total, and the
 * dataset usually grows with them (TPC-C's warehouses).
 */
const SCALE = [
  'topology.nodeCount',
  'nodes.sut.count',
  'nodes.sut.hardware.vcpus',
  'nodes.sut.hardware.cores',
  'nodes.sut.hardware.memoryBytes',
];

/** Subjects that stand for more than their own path: comparing versions compares release dates. */
const SUBJECT_PATHS: Record<string, readonly string[]> = {
  system: ['client.driver', 'client.driverVersion'],
  hardware: MACHINE_KIND,
  'nodes.sut.hardware.hosttype': MACHINE_KIND,
  'nodes.sut.hardware.cpumodel': MACHINE_KIND,
  'nodes.sut.hardware.arch': MACHINE_KIND,
  'instance type': MACHINE_KIND,
  'topology.nodecount': SCALE,
  scale: [...SCALE, 'workload.warehouses', 'workload.scale'],
  // The data-access layer: an ORM is compared with what replaces it (a stored procedure, raw SQL).
  'client.orm': ['client.orm', 'workload.features#orm', 'workload.features#stored procedure'],
  orm: ['client.orm', 'workload.features#orm', 'workload.features#stored procedure'],
  'client.language': ['client.language', 'client.runtimeVersion', 'client.driver', 'client.driverVersion'],
  // A driver brings its wire encoding (asyncpg speaks the binary protocol, psycopg2 text).
  'client.driver': ['client.driver', 'client.driverVersion', 'client.protocol'],
  version: ['software.components', 'software.releaseDate'],
  'software.components': ['software.components', 'software.releaseDate'],
  configuration: ['software.configuration', 'software.configurationDiff', 'software.nonDefaultSettings'],
  'software.configuration': [
    'software.configuration',
    'software.configurationDiff',
    'software.nonDefaultSettings',
  ],
};

/** The provenance path prefixes a comparison's subject covers. */
export function subjectPaths(input: Pick<ComparisonInput, 'subject'>): string[] {
  return (input.subject ?? ['system']).flatMap((s) => SUBJECT_PATHS[s.toLowerCase()] ?? [s]);
}

/** The bare provenance path of an evidence field: 'nodes.sut.hardware.vcpus (total)' → '…vcpus'. */
export function barePath(field: string): string {
  return field.split(/[\s[(]/)[0] ?? field;
}

/**
 * Readings of a field that are a switch of the setup, not what a subject brings with it: a driver
 * brings its wire encoding, not whether the connection is encrypted (sslmode=prefer against
 * disable). Such a reading is intended only when a subject names its field itself.
 */
const SWITCH_READING = /\(transport security\)$/;

/** True when the comparison varies this field on purpose (its path is, or lies under, a subject). */
export function isIntended(input: Pick<ComparisonInput, 'subject'>, field: string): boolean {
  const path = barePath(field).toLowerCase();
  const paths = SWITCH_READING.test(field) ? (input.subject ?? ['system']) : subjectPaths(input);
  return paths.some((p) => {
    const s = p.toLowerCase();
    return path === s || path.startsWith(`${s}.`);
  });
}

/** A subject covering a class of a list field ('workload.features#orm'): that class is intended. */
export function intendedClasses(input: Pick<ComparisonInput, 'subject'>, field: string): string[] {
  return subjectPaths(input)
    .filter((p) => p.startsWith(`${field}#`))
    .map((p) => p.slice(field.length + 1));
}

/** Words for the subject in messages: "the system", "client.orm". */
export function subjectText(input: Pick<ComparisonInput, 'subject'>): string {
  return (input.subject ?? ['system']).join(', ');
}
