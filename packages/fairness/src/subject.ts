// What a comparison varies on purpose. A comparison of two ORMs on one database differs in its
// ORM by design; that difference is its subject, not an asymmetry. Every other differing field
// is still flagged (fairness-checklist.md, principle 3).
import type { ComparisonInput } from './schema.ts';

/**
 * Subjects that stand for more than their own path: comparing instance types compares their CPUs,
 * vCPUs and memory too; comparing versions compares release dates.
 */
const SUBJECT_PATHS: Record<string, readonly string[]> = {
  system: ['client.driver', 'client.driverVersion'],
  hardware: ['nodes.sut.hardware', 'nodes.sut.cloud', 'cost.unitPricePerNodeHour', 'cost.clusterCostPerHour'],
  'nodes.sut.hardware.hosttype': ['nodes.sut.hardware', 'nodes.sut.cloud', 'cost.unitPricePerNodeHour'],
  'nodes.sut.hardware.cpumodel': ['nodes.sut.hardware'],
  'instance type': ['nodes.sut.hardware', 'nodes.sut.cloud', 'cost.unitPricePerNodeHour'],
  'client.orm': ['client.orm', 'workload.features#orm'],
  orm: ['client.orm', 'workload.features#orm'],
  'client.language': ['client.language', 'client.runtimeVersion', 'client.driver', 'client.driverVersion'],
  'client.driver': ['client.driver', 'client.driverVersion'],
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

/** True when the comparison varies this field on purpose (its path is, or lies under, a subject). */
export function isIntended(input: Pick<ComparisonInput, 'subject'>, field: string): boolean {
  const path = barePath(field).toLowerCase();
  return subjectPaths(input).some((p) => {
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
