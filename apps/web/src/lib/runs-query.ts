// The runs explorer's state. It lives in the URL (so a link reproduces the view) and is parsed
// by this one schema on the server page, in tRPC and in the client table.
import { z } from 'zod';

export const RUN_COLUMNS = [
  'name',
  'system',
  'benchmark',
  'status',
  'startedAt',
  'duration',
  'throughput',
  'p50',
  'p99',
  'trend',
  'project',
  'labels',
  'source',
] as const;
export type RunColumn = (typeof RUN_COLUMNS)[number];
/** A click away in Columns: the rest is what fits 1440 px beside each other. */
const HIDDEN_BY_DEFAULT: readonly RunColumn[] = ['p50', 'labels', 'source'];
export const DEFAULT_COLUMNS: RunColumn[] = RUN_COLUMNS.filter((c) => !HIDDEN_BY_DEFAULT.includes(c));

/**
 * Every column but these sorts. Labels are a set of pairs and the trend a small chart: neither
 * has one order, so their headers offer none.
 */
export const UNSORTABLE = ['labels', 'trend'] as const satisfies readonly RunColumn[];
export type RunSort = Exclude<RunColumn, (typeof UNSORTABLE)[number]>;
export const SORTABLE = RUN_COLUMNS.filter(
  (c): c is RunSort => !(UNSORTABLE as readonly string[]).includes(c),
) as [RunSort, ...RunSort[]];
export const PAGE_SIZES = [25, 50, 100] as const;
export const RUN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;

const csv = <T extends z.ZodType>(item: T, max = 20) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).max(max));

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD');

export const RunsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .pipe(z.union(PAGE_SIZES.map((s) => z.literal(s))))
    .catch(25),
  sort: z.enum(SORTABLE).catch('startedAt'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  q: z.string().trim().max(200).optional().catch(undefined),
  system: z.string().max(200).optional().catch(undefined),
  benchmark: z.string().max(200).optional().catch(undefined),
  status: z.enum(RUN_STATUSES).optional().catch(undefined),
  /** Labels as k=v pairs, all of which must match. */
  labels: csv(z.string().regex(/^[^=,]{1,64}=[^,]{0,256}$/), 10).catch([]),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  cols: csv(z.enum(RUN_COLUMNS)).catch(DEFAULT_COLUMNS),
});
export type RunsQuery = z.infer<typeof RunsQuery>;

/** Parses URL search params; anything malformed falls back to its default instead of failing the page. */
export function parseRunsQuery(params: Record<string, string | string[] | undefined>): RunsQuery {
  const flat = Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );
  const query = RunsQuery.parse(flat);
  return { ...query, cols: query.cols.length > 0 ? query.cols : DEFAULT_COLUMNS };
}

/** The inverse of parseRunsQuery: only values that differ from the defaults, so links stay short. */
export function runsQueryToSearch(query: Partial<RunsQuery>): string {
  const defaults = RunsQuery.parse({});
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    const fallback = defaults[key as keyof RunsQuery];
    const defaultText = Array.isArray(fallback) ? fallback.join(',') : String(fallback ?? '');
    if (text !== defaultText && text !== '') params.set(key, text);
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
