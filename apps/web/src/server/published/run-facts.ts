// A published result's run-level facts — the benchmark, its version, the system's version, its
// date — are provenance too: the checks compare them (F-WL-1, F-SW-1). They flow in here, so nobody types
// them twice; a value the provenance already records is kept as recorded. Relative imports only.
import 'server-only';
import type { Field, Provenance } from '@levelfield/contracts/provenance';
import type { PublishedResult } from './schema.ts';

function fact(value: Field['value'], sourceUrl: string): Field {
  return { value, origin: 'imported', source: sourceUrl };
}

/**
 * The result's provenance with run.benchmark, run.benchmarkVersion, the system's version and
 * run.startedAt (the date it was published, as the stored run starts) filled in.
 */
export function withRunFacts(result: PublishedResult): Provenance {
  const p = structuredClone(result.provenance);
  p.run.benchmark ??= fact(result.benchmark.name, result.sourceUrl);
  if (result.benchmark.version) p.run.benchmarkVersion ??= fact(result.benchmark.version, result.sourceUrl);
  if (result.publishedAt) p.run.startedAt ??= fact(result.publishedAt, result.sourceUrl);
  const version = result.system.version;
  if (version && !p.software.components)
    p.software.components = fact({ [result.system.name]: version }, result.sourceUrl);
  else if (version && p.software.components)
    p.software.components = withSystem(p.software.components, result);
  return p;
}

/**
 * Components listed under other names ("makepad-stitch" for Stitch) keep the system's own
 * version beside them, so the checks still read which release of the system ran.
 */
function withSystem(components: Field, result: PublishedResult): Field {
  const { name, version } = result.system;
  const value = components.value;
  const same = (n: unknown) => String(n).trim().toLowerCase() === name.trim().toLowerCase();
  if (Array.isArray(value)) {
    if (value.some((c) => c !== null && typeof c === 'object' && 'name' in c && same(c.name)))
      return components;
    return { ...components, value: [...value, { name, version: version ?? null }] as Field['value'] };
  }
  if (value !== null && typeof value === 'object') {
    if (Object.keys(value).some(same)) return components;
    return { ...components, value: { ...value, [name]: version ?? null } };
  }
  return components;
}
