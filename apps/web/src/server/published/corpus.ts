// A fairness-corpus file (packages/fairness/corpus/README.md) as the engine's input: one
// publication with one comparison of its entries, read through published.import's own validation
// and run-fact merge. bench:fairness scores these inputs; corpus.test.ts runs every check on them.
import 'server-only';
import type { ComparisonInputRaw } from '@levelfield/fairness';
import { comparisonInputOf, readPublication } from './publication.ts';

export interface CorpusFile {
  id: string;
  subject?: string[];
  results: unknown[];
  entries: { label: string; results: string[] }[];
  expected: { check: string; asymmetry: string }[];
  expectedPass?: { check: string; why: string }[];
}

export function corpusComparison(file: CorpusFile): ComparisonInputRaw | { errors: string[] } {
  const comparison = {
    slug: file.id,
    title: file.id,
    subject: file.subject ?? ['system'],
    entries: file.entries,
  };
  const read = readPublication({
    id: file.id,
    title: file.id,
    results: file.results,
    comparisons: [comparison],
  });
  if ('errors' in read) return { errors: read.errors.map((e) => `${e.field}: ${e.message}`) };
  return comparisonInputOf(read, comparison);
}
