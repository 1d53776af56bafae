// The seed publications (seeds/ at the repository root) read as the demo reads them, for tests
// that look at one comparison's engine input by its slug.
import { ComparisonInput } from '@levelfield/fairness';
import { seedPublications } from '~/server/comparisons/demo';
import {
  comparisonInputOf,
  type Publication,
  type PublicationComparison,
} from '~/server/published/publication';

export const PUBLICATIONS: readonly Publication[] = seedPublications();

export interface SeedComparison extends PublicationComparison {
  input: ComparisonInput;
}

export const SEED_COMPARISONS: readonly SeedComparison[] = PUBLICATIONS.flatMap((p) =>
  p.file.comparisons.map((c) => ({ ...c, input: ComparisonInput.parse(comparisonInputOf(p, c)) })),
);

export function seedBySlug(slug: string): SeedComparison {
  const seed = SEED_COMPARISONS.find((s) => s.slug === slug);
  if (!seed) throw new Error(`no seed comparison ${slug}`);
  return seed;
}

/** The publications with only the named comparisons, for loading part of the demo. */
export function onlyComparisons(slugs: readonly string[]): Publication[] {
  return PUBLICATIONS.map((p) => ({
    ...p,
    file: { ...p.file, comparisons: p.file.comparisons.filter((c) => slugs.includes(c.slug)) },
  })).filter((p) => p.file.comparisons.length > 0);
}
