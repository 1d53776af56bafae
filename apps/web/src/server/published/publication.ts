// A publication as data: its results in the published-results format a user imports, and the
// comparisons built from them (entries name results). The demo publications in seeds/ and the
// fairness corpus are read this way, through the same validation as `published.import`, so
// nothing is entered by a path a user does not have.
import 'server-only';
import type { ComparisonInputRaw, RunInput } from '@levelfield/fairness';
import { z } from 'zod';
import { validatePublished } from './import.ts';
import { withRunFacts } from './run-facts.ts';
import type { PublishedResult } from './schema.ts';

const Entry = z.strictObject({
  label: z.string().trim().min(1).max(200),
  /** Names of the publication's results: one run each, several for repetitions. */
  results: z.array(z.string().min(1)).min(1).max(100),
});

/** A declared sweep: the parameter that varies across the entries, one value per entry. */
export const Sweep = z.strictObject({
  parameter: z.string().trim().min(1).max(200),
  values: z.array(z.string().max(200)).min(1).max(500),
});
export type Sweep = z.infer<typeof Sweep>;

export const PublicationComparison = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'a slug is lower-case letters, digits and dashes'),
    title: z.string().trim().min(1).max(300),
    description: z.string().max(5000).optional(),
    /** What the comparison varies on purpose (docs/fairness.md, rule 3). */
    subject: z.array(z.string().min(1)).min(1).default(['system']),
    /** Position of the entry the ratio column divides by. */
    baseline: z.number().int().min(0).default(0),
    /** Slug of the comparison this one levels (a fair variant of an original). */
    leveledFrom: z.string().optional(),
    sweep: Sweep.optional(),
    entries: z.array(Entry).min(1).max(100),
    /** Check ids the publication's reviewers expect raised or cleared: fixtures for tests. */
    expectedFlags: z.array(z.string()).default([]),
    expectedPasses: z.array(z.string()).default([]),
  })
  .superRefine((c, ctx) => {
    if (c.baseline >= c.entries.length)
      ctx.addIssue({ code: 'custom', path: ['baseline'], message: 'the baseline is not an entry position' });
    if (c.sweep && c.sweep.values.length !== c.entries.length)
      ctx.addIssue({ code: 'custom', path: ['sweep', 'values'], message: 'a sweep has one value per entry' });
  });
export type PublicationComparison = z.infer<typeof PublicationComparison>;

export const PublicationFile = z.strictObject({
  /** Stable id: run keys are `<id>/<result name>`. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/),
  title: z.string().trim().min(1).max(300),
  results: z.array(z.unknown()).min(1).max(500),
  comparisons: z.array(PublicationComparison).min(1).max(50),
});
export type PublicationFile = z.infer<typeof PublicationFile>;

export interface Publication {
  file: PublicationFile;
  /** The results as published.import validates them, by name. */
  results: Map<string, PublishedResult>;
}

/** A publication file read and validated; errors name the file, the result and the field. */
export function readPublication(json: unknown): Publication | { errors: string[] } {
  const parsed = PublicationFile.safeParse(json);
  if (!parsed.success)
    return { errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`) };
  const file = parsed.data;
  const validated = validatePublished({ format: 'results', text: '', results: file.results });
  if ('errors' in validated)
    return { errors: validated.errors.map((e) => `${file.id}: ${e.field}: ${e.message}`) };
  const results = new Map(validated.results.map((r) => [r.name, r]));
  const errors: string[] = [];
  if (results.size !== validated.results.length) errors.push(`${file.id}: two results share a name`);
  for (const c of file.comparisons)
    for (const e of c.entries)
      for (const name of e.results)
        if (!results.has(name))
          errors.push(`${file.id}: ${c.slug}: entry ${e.label} names no result "${name}"`);
  return errors.length > 0 ? { errors } : { file, results };
}

/** The key a publication's result is stored and found again under. */
export const resultKey = (publicationId: string, name: string) => `${publicationId}/${name}`;

/** A published result as the engine's run: provenance with the run-level facts filled in. */
export function publishedRun(publicationId: string, result: PublishedResult): RunInput {
  return {
    id: resultKey(publicationId, result.name),
    name: result.name,
    source: 'published',
    provenance: withRunFacts(result),
    disclosure: result.disclosure,
    series: [],
    values: result.values,
    sourceUrl: result.sourceUrl,
  };
}

/** One comparison of a publication as the fairness engine's input. */
export function comparisonInputOf(
  publication: Publication,
  comparison: Pick<PublicationComparison, 'entries' | 'subject'>,
): ComparisonInputRaw {
  return {
    subject: comparison.subject,
    entries: comparison.entries.map((entry) => {
      const results = entry.results.map((name) => publication.results.get(name) as PublishedResult);
      return {
        label: entry.label,
        system: results[0]?.system.name ?? entry.label,
        runs: results.map((r) => publishedRun(publication.file.id, r)),
      };
    }),
  };
}
