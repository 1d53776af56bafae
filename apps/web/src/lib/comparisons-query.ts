// The comparisons list's and the gallery's state. It lives in the URL (a link reproduces the
// view) and is parsed by these schemas on the server page, in tRPC and in tests. Anything
// malformed in a URL falls back to its default instead of failing the page.
import { z } from 'zod';

/** The fairness states a comparison is filtered by: any flag, a check waiting for review, neither. */
export const FAIRNESS_FILTERS = ['flagged', 'review', 'clear'] as const;
export type FairnessFilter = (typeof FAIRNESS_FILTERS)[number];
export const FAIRNESS_FILTER_LABEL: Record<FairnessFilter, string> = {
  flagged: 'Has flags',
  review: 'Needs review',
  clear: 'All clear',
};

export const COMPARISON_SORTS = ['date', 'flags'] as const;
/** Bounded: a page is one query's rows, and nobody reads more than 50 comparisons at once. */
export const COMPARISON_PAGE_SIZES = [25, 50] as const;
export const GALLERY_PAGE_SIZE = 24;

// `.default` makes a field optional in tRPC's input type; `.catch` turns a malformed URL value
// into the default instead of an error.
const text = z.string().trim().max(200).optional().catch(undefined);
const page = z.coerce.number().int().min(1).max(10_000).default(1).catch(1);

export const ComparisonsQuery = z.object({
  q: text,
  /** An organization's slug. */
  org: text,
  /** A project's slug (with `org`, that organization's project). */
  project: text,
  /** A system as the runs explorer names it (any stored spelling matches: lib/system-names.ts). */
  system: text,
  benchmark: text,
  state: z.enum(FAIRNESS_FILTERS).optional().catch(undefined),
  sort: z.enum(COMPARISON_SORTS).default('date').catch('date'),
  dir: z.enum(['asc', 'desc']).default('desc').catch('desc'),
  page,
  size: z.coerce
    .number()
    .pipe(z.union(COMPARISON_PAGE_SIZES.map((s) => z.literal(s))))
    .default(25)
    .catch(25),
});
export type ComparisonsQuery = z.infer<typeof ComparisonsQuery>;

export const GalleryQuery = z.object({ q: text, page });
export type GalleryQuery = z.infer<typeof GalleryQuery>;

type Params = Record<string, string | string[] | undefined>;

/** URL search params → a query of `schema`; a repeated parameter counts once (its first value). */
export function parseSearch<S extends z.ZodType>(schema: S, params: Params): z.infer<S> {
  const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return schema.parse(flat);
}

/** The inverse of parseSearch: only values that differ from the defaults, so links stay short. */
export function toSearch<S extends z.ZodType>(schema: S, query: Record<string, unknown>): string {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '' && value !== defaults[key]) params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}
