// The published-results forms' inputs, shared by the forms and the published.import procedure.
// No server-only imports: this ships to browsers.
import { z } from 'zod';
import { SetupDraft, setupToDocuments } from '~/lib/published-setup';

/**
 * The procedure's input. format 'json' and 'csv' read `text`; 'results' (the form) reads
 * `results`, which the import checks as a whole (server/published/schema.ts PublishedResult) and
 * answers with every refused field.
 */
export const ImportPublished = z.object({
  format: z.enum(['json', 'csv', 'results']),
  text: z.string().max(5_000_000).default(''),
  results: z.array(z.unknown()).max(500).default([]),
});
export type ImportPublished = z.input<typeof ImportPublished>;

/** One value as printed, as typed in a row of the form. */
export const ValueRow = z.object({
  quantity: z.string(),
  value: z.string(),
  text: z.string(),
  unit: z.string(),
  quality: z.enum(['measured', 'estimated', 'quoted']),
  source: z.string(),
  formulaId: z.string(),
});
export type ValueRow = z.infer<typeof ValueRow>;

const EnteredResult = z.object({
  system: z.string(),
  systemVersion: z.string(),
  benchmark: z.string(),
  benchmarkVersion: z.string(),
  name: z.string(),
  sourceUrl: z.string(),
  publishedAt: z.string(),
  values: z.array(ValueRow),
  setup: SetupDraft,
});

/** "42" → 42; text that is not a number is sent as typed, for the import to name. */
function typedNumber(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

const optional = (key: string, text: string) => (text.trim() ? { [key]: text.trim() } : {});

/** A value typed in the form with its unit: "0.62 ms", "139741"; empty when none was typed. */
const asTyped = (row: { value: string; unit: string }) =>
  row.value.trim() ? [row.value.trim(), row.unit.trim()].filter(Boolean).join(' ') : '';

/** The form's fields as one published result in the import's terms. */
function resultOf(entry: z.infer<typeof EnteredResult>) {
  return {
    system: { name: entry.system, ...optional('version', entry.systemVersion) },
    benchmark: { name: entry.benchmark, ...optional('version', entry.benchmarkVersion) },
    name: entry.name,
    sourceUrl: entry.sourceUrl,
    ...optional('publishedAt', entry.publishedAt),
    ...setupToDocuments(entry.setup, { system: entry.system, sourceUrl: entry.sourceUrl }),
    values: entry.values.map((row) => ({
      quantity: row.quantity,
      value: typedNumber(row.value),
      unit: row.unit,
      origin: 'imported',
      quality: row.quality,
      // The figure as printed: what was typed in "text as printed", else the value as typed with
      // its unit ("0.62 ms"), so the page shows what the publication printed, not a rescaling.
      ...optional('text', row.text.trim() || asTyped(row)),
      ...optional('source', row.source),
      ...optional('formulaId', row.formulaId),
    })),
  };
}

/**
 * The "enter one result" form: the setup section is checked here (SetupDraft names each field it
 * cannot read), the result as a whole by the import, which the form's values become.
 */
export const EnterPublished = EnteredResult.transform(
  (entry): ImportPublished => ({
    format: 'results' as const,
    results: [resultOf(entry)],
  }),
).pipe(ImportPublished);
