// published.import: JSON (one result or an array), CSV (one row per value) or the form's
// results, validated as a whole and stored in one transaction — nothing is stored when any
// result is invalid. Errors name the line (CSV) or the result (JSON, form) and the field.
// Idempotent: a result entered before (same key, key.ts) is answered with the stored run.
import 'server-only';
import { unknownFields } from '@levelfield/contracts/provenance';
import type { PrismaClient } from '@levelfield/db/client';
import type { z } from 'zod';
import { ImportPublished } from '~/lib/schemas/published';
import { PrintableDocument } from '../printable.ts';
import { csvToResults, type ImportError } from './csv.ts';
import { PUBLISHED_KEY_LABEL, publishedKey } from './key.ts';
import { withRunFacts } from './run-facts.ts';
import { PublishedResult } from './schema.ts';
import { storePublishedRun } from './store.ts';

export type ImportOutcome =
  /**
   * `existing`: the same result was stored before; that run is returned, nothing is added.
   * `warnings`: what was stored but no specific check reads (fields of the person's own).
   */
  | { status: 'stored'; runs: { id: string; name: string; existing: boolean }[]; warnings: ImportError[] }
  | { status: 'invalid'; errors: ImportError[] };

const CSV_FIELD: Record<string, string> = {
  name: 'run',
  sourceUrl: 'source_url',
  publishedAt: 'published',
  'system.name': 'system',
  'system.version': 'system_version',
  'benchmark.name': 'benchmark',
  'benchmark.version': 'benchmark_version',
  formulaId: 'formula_id',
};

function pathText(path: PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
}

/** A result whose every string is printable text (NUL or control characters are named by path). */
const PrintableResult = PrintableDocument.pipe(PublishedResult);

/** Validates everything first; returns the parsed results or every error. */
export function validatePublished(
  input: z.infer<typeof ImportPublished>,
): { results: PublishedResult[] } | { errors: ImportError[] } {
  let items: { input: unknown; lines?: number[]; firstLine?: number }[];
  if (input.format === 'csv') {
    const csv = csvToResults(input.text);
    if ('errors' in csv) return csv;
    items = csv.results;
  } else if (input.format === 'json') {
    let json: unknown;
    try {
      json = JSON.parse(input.text);
    } catch (e) {
      return {
        errors: [
          {
            field: 'JSON',
            message: `not valid JSON (${(e as Error).message}): check the brackets and quotes`,
          },
        ],
      };
    }
    const list = Array.isArray(json) ? json : [json];
    if (list.length === 0)
      return { errors: [{ field: 'JSON', message: 'the array is empty: add at least one result' }] };
    items = list.map((j) => ({ input: j }));
  } else {
    if (input.results.length === 0)
      return { errors: [{ field: 'results', message: 'enter at least one result' }] };
    items = input.results.map((r) => ({ input: r }));
  }

  const errors: ImportError[] = [];
  const results: PublishedResult[] = [];
  items.forEach((item, i) => {
    const parsed = PrintableResult.safeParse(item.input);
    if (parsed.success) {
      results.push(parsed.data);
      return;
    }
    const name = (item.input as { name?: unknown } | null)?.name;
    for (const issue of parsed.error.issues) {
      const path = issue.path;
      if (input.format === 'csv') {
        const valueIndex = path[0] === 'values' && typeof path[1] === 'number' ? path[1] : undefined;
        const rest = valueIndex === undefined ? path : path.slice(2);
        const key = pathText(rest);
        const line = valueIndex === undefined ? item.firstLine : item.lines?.[valueIndex];
        errors.push({ ...(line ? { line } : {}), field: CSV_FIELD[key] ?? key, message: issue.message });
      } else {
        const label = typeof name === 'string' && name ? ` (“${name}”)` : '';
        errors.push({
          field: `${items.length === 1 ? '' : `result ${i + 1}${label}: `}${pathText(path) || 'result'}`,
          message: issue.message,
        });
      }
    }
  });
  return errors.length > 0 ? { errors } : { results };
}

/** Keys of the results' provenance that are no contract field (and no misspelling of one). */
export function customFieldWarnings(results: readonly PublishedResult[]): ImportError[] {
  return results.flatMap((r, i) =>
    unknownFields(r.provenance).map((f) => ({
      field: `${results.length === 1 ? '' : `result ${i + 1}: `}provenance.${pathText(f.path)}`,
      message: f.message,
    })),
  );
}

export async function importPublished(
  db: PrismaClient,
  target: { projectId: string; createdById?: string | null },
  input: ImportPublished,
): Promise<ImportOutcome> {
  const validated = validatePublished(ImportPublished.parse(input));
  if ('errors' in validated) return { status: 'invalid', errors: validated.errors };
  const now = new Date();
  const runs = await db.$transaction(async (tx) => {
    const stored = [];
    for (const r of validated.results) {
      const key = publishedKey(r);
      // Two imports of the same result at once (a double submit) would both miss the other's
      // uncommitted run: the second waits here until the first commits, then finds it.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
      const existing = await tx.run.findFirst({
        where: { projectId: target.projectId, labels: { path: [PUBLISHED_KEY_LABEL], equals: key } },
        select: { id: true, name: true },
      });
      if (existing) {
        stored.push({ ...existing, existing: true });
        continue;
      }
      const run = await storePublishedRun(tx, {
        projectId: target.projectId,
        name: r.name,
        system: r.system.name,
        systemVersion: r.system.version,
        benchmark: r.benchmark.name,
        benchmarkVersion: r.benchmark.version,
        sourceUrl: r.sourceUrl,
        publishedAt: r.publishedAt ? new Date(r.publishedAt) : now,
        provenance: withRunFacts(r),
        disclosure: r.disclosure,
        values: r.values,
        labels: { [PUBLISHED_KEY_LABEL]: key },
        createdById: target.createdById ?? null,
      });
      stored.push({ ...run, existing: false });
    }
    return stored;
  });
  return { status: 'stored', runs, warnings: customFieldWarnings(validated.results) };
}
