// Who made each side of a comparison and how much an AI assistant did, on the comparison itself:
// a publication's disclosure (authors, interest, prompt log) belongs beside the figures it
// discloses, not only on each run's page. Runs that share one disclosure — the usual case for a
// single publication — are shown once, with the entries they make up.
import 'server-only';
import { canonicalJson } from '@levelfield/contracts/canonical';
import type { Disclosure } from '@levelfield/contracts/provenance';
import type { ComparisonInput } from '@levelfield/fairness';

export interface DisclosureGroup {
  /** Labels of the entries with at least one run carrying this disclosure, in entry order. */
  entries: string[];
  disclosure: Disclosure;
}

/** Pure: the distinct disclosures of a comparison's runs, each with the entries that carry it. */
export function groupDisclosures(input: Pick<ComparisonInput, 'entries'>): DisclosureGroup[] {
  const groups = new Map<string, DisclosureGroup>();
  for (const entry of input.entries)
    for (const run of entry.runs) {
      const key = canonicalJson(run.disclosure);
      const group = groups.get(key) ?? { entries: [], disclosure: run.disclosure };
      if (!group.entries.includes(entry.label)) group.entries.push(entry.label);
      groups.set(key, group);
    }
  return [...groups.values()];
}
