// Shared shapes for the seed publications entered as comparisons (Levelfield's demo data).
import type { Field } from '@levelfield/contracts/provenance';
import type { ComparisonInput, PublishedValue } from '../schema.ts';

export interface SeedComparison {
  /** Unique across the installation (issue 6). */
  slug: string;
  title: string;
  description: string;
  /** The seed document in shared/seeds/. */
  seed: '000' | '001' | '002' | '003' | '004';
  /** Position of the entry the ratio column divides by. */
  baseline: number;
  /** Slug of the comparison this one levels (seed 002's fair and optimised modes). */
  leveledFrom?: string;
  /** For sweeps (seed 003): the parameter that varies across entries, in entry order. */
  sweep?: { parameter: string; values: string[] };
  /** Check ids docs/fairness.md says this comparison must raise (flag, or needs_review with a hint). */
  expectedFlags: string[];
  /** Check ids the checklist says this comparison must clear (pass). */
  expectedPasses?: string[];
  input: ComparisonInput;
}

/** A field taken from the publication, with the section it came from. */
export function imp(value: Field['value'], source: string, quality?: Field['quality']): Field {
  return quality ? { value, origin: 'imported', source, quality } : { value, origin: 'imported', source };
}

/** A field typed by the person entering the publication (not printed in it), with the reason. */
export function decl(value: Field['value'], source: string, quality?: Field['quality']): Field {
  return quality ? { value, origin: 'declared', source, quality } : { value, origin: 'declared', source };
}

type ValueInput = Omit<PublishedValue, 'labels' | 'quality' | 'origin'> &
  Partial<Pick<PublishedValue, 'labels' | 'quality' | 'origin'>>;

/** A published value (origin imported, quality measured unless said otherwise). */
export function pv(v: ValueInput): PublishedValue {
  return { labels: {}, origin: 'imported', quality: 'measured', ...v };
}

/** "1,684,437" → 1684437; "1,100*" → 1100; "N/A" → null. */
export function num(text: string): number | null {
  const m = text.replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  return m ? Number(m[0]) : null;
}
