// A publication as data: its results in the published-results format a user imports, and the
// comparisons built from them (entries name results). The demo publications in seeds/, the
// fairness corpus and a publication posted to the REST API are read this way; loading one stores
// its results with `published.import` and its comparisons with the comparison procedure, so
// nothing is entered by a path a user does not have.
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import type { ComparisonInputRaw, RunInput } from '@levelfield/fairness';
import { z } from 'zod';
import { type ComparisonAuthor, originalOf, ownComparison, saveComparison } from '../comparisons/create.ts';
import { importPublished, validatePublished } from './import.ts';
import { withRunFacts } from './run-facts.ts';
import type { PublishedResult } from './schema.ts';

const Entry = z.strictObject({
  label: z.string().trim().min(1).max(200),
  /** Names of the publication's results: one run each, several for repetitions. */
  results: z.array(z.string().min(1)).min(1).max(100),
});

import { Claim, CreateComparison, Sweep } from '../comparisons/schema.ts';
import type { ImportError } from './csv.ts';

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
    claims: z.array(Claim).max(50).optional(),
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

/**
 * A publication file read and validated as a whole, before anything is stored: the file's frame,
 * every result (as published.import checks it) and every comparison (as the comparison procedure
 * checks it, its runs aside). Each error names the field.
 */
export function readPublication(json: unknown): Publication | { errors: ImportError[] } {
  const parsed = PublicationFile.safeParse(json);
  if (!parsed.success)
    return {
      errors: parsed.error.issues.map((i) => ({
        field: i.path.join('.') || 'publication',
        message: i.message,
      })),
    };
  const file = parsed.data;
  const validated = validatePublished({ format: 'results', text: '', results: file.results });
  if ('errors' in validated) return validated;
  const results = new Map(validated.results.map((r) => [r.name, r]));
  const errors: ImportError[] = [];
  if (results.size !== validated.results.length)
    errors.push({
      field: 'results',
      message: 'two results share a name: entries name results, so each name is one result',
    });
  file.comparisons.forEach((c, i) => {
    c.entries.forEach((e, j) => {
      for (const name of e.results)
        if (!results.has(name))
          errors.push({
            field: `comparisons.${i}.entries.${j}.results`,
            message: `no result is named "${name}"`,
          });
    });
    // The comparison procedure's own rules (entry count, labels, baseline, sweep), runs aside.
    const check = CreateComparison.safeParse({
      ...c,
      entries: c.entries.map((e) => ({ label: e.label, runIds: e.results.map((_, k) => `run-${k}`) })),
    });
    if (!check.success)
      for (const issue of check.error.issues)
        errors.push({ field: `comparisons.${i}.${issue.path.join('.')}`, message: issue.message });
  });
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

export interface LoadedPublication {
  created: string[];
  /** Comparisons this project had saved already under the slugs asked for: left as they are. */
  existing: string[];
  runs: { id: string; name: string; existing: boolean }[];
}

/**
 * Stores a publication as a user would enter it: its results through `published.import` (a
 * result stored before is found again), then each comparison through the comparison procedure,
 * originals before the variants that level them. A comparison the project saved before under the
 * slug asked for is left alone, so loading twice changes nothing.
 */
export async function loadPublication(
  db: PrismaClient,
  author: ComparisonAuthor,
  publication: Publication,
): Promise<LoadedPublication> {
  const { file } = publication;
  // An original named by a variant is in the file or stored already: checked before storing.
  const inFile = new Set(file.comparisons.map((c) => c.slug));
  for (const [i, c] of file.comparisons.entries())
    if (c.leveledFrom && !inFile.has(c.leveledFrom) && !(await originalOf(db, author, c.leveledFrom)))
      throw new AppError(
        'VALIDATION_FAILED',
        `No comparison you may read has the slug "${c.leveledFrom}": name an original in this publication or one already stored.`,
        `comparisons.${i}.leveledFrom`,
      );
  const imported = await importPublished(
    db,
    { projectId: author.projectId, createdById: author.userId },
    { format: 'results', text: '', results: file.results },
  );
  if (imported.status === 'invalid')
    throw new AppError(
      'VALIDATION_FAILED',
      `${file.id}: nothing was stored: ${imported.errors[0]?.field}: ${imported.errors[0]?.message}`,
      undefined,
      imported.errors,
    );
  const runIdOf = new Map(imported.runs.map((r) => [r.name, r.id]));
  const out: LoadedPublication = { created: [], existing: [], runs: imported.runs };
  const ordered = [
    ...file.comparisons.filter((c) => !c.leveledFrom),
    ...file.comparisons.filter((c) => c.leveledFrom),
  ];
  for (const c of ordered) {
    const own = await ownComparison(db, author.projectId, c.slug);
    if (own) {
      out.existing.push(own.slug);
      continue;
    }
    const { slug } = await saveComparison(db, author, {
      slug: c.slug,
      title: c.title,
      ...(c.description ? { description: c.description } : {}),
      baseline: c.baseline,
      subject: c.subject,
      ...(c.leveledFrom ? { leveledFrom: c.leveledFrom } : {}),
      ...(c.sweep ? { sweep: c.sweep } : {}),
      ...(c.claims ? { claims: c.claims } : {}),
      entries: c.entries.map((e) => ({
        label: e.label,
        runIds: e.results.map((name) => runIdOf.get(name) as string),
      })),
    });
    out.created.push(slug);
  }
  return out;
}
