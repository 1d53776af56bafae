// A published result: one run entered from a publication's printed numbers (issue 6). Values
// reuse the fairness engine's PublishedValue; `quantity` is the one field a person types instead
// of PublishedValue's metric + labels (see parseQuantity). Relative imports only: the demo loader
// runs outside Next.
import 'server-only';
import {
  capturedFields,
  Disclosure,
  Provenance,
  unknownFields,
  WebUrl,
} from '@levelfield/contracts/provenance';
import { PublishedValue } from '@levelfield/fairness';
import { parseRange } from '@levelfield/fairness/normalize';
import { z } from 'zod';

const LABEL_KEY = /^[A-Za-z][\w.-]{0,63}$/;

/** 'new_order' → 'New Order' (the seeds print transaction names this way). */
function transactionName(s: string): string {
  return s
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * A quantity as typed → PublishedValue's metric and labels:
 * - `tpmC`, `efficiency`, `clusterCostPerHour` — a metric without labels;
 * - `latency[transaction=New Order, endPoint=complete, percentile=p99]` — the form the fairness
 *   evidence prints (values.latency[...]);
 * - `latency.new_order.complete.p99` or `latency.new_order.p99` — shorthand for a transaction's
 *   latency percentile (transaction, optional end point, percentile or max/mean).
 * Returns an error message when the quantity cannot be read.
 */
export function parseQuantity(
  quantity: string,
): { metric: string; labels: Record<string, string> } | { error: string } {
  const q = quantity.trim();
  const bracket = q.match(/^([A-Za-z][\w-]*)\[(.*)\]$/);
  if (bracket) {
    const labels: Record<string, string> = {};
    for (const part of (bracket[2] ?? '').split(',')) {
      if (!part.trim()) continue;
      const [k, ...rest] = part.split('=');
      const key = (k ?? '').trim();
      if (!LABEL_KEY.test(key) || rest.length === 0)
        return { error: `“${part.trim()}” is not a label: write key=value, e.g. percentile=p99` };
      labels[key] = rest.join('=').trim();
    }
    return { metric: bracket[1] as string, labels };
  }
  if (/^latency\.[^.]+\./.test(q)) {
    const parts = q.split('.').slice(1);
    if (parts.length < 2 || parts.length > 3 || parts.some((p) => !p))
      return {
        error:
          'write a latency as latency.<transaction>.<endPoint>.<percentile>, e.g. latency.new_order.complete.p99',
      };
    const [transaction, a, b] = parts as [string, string, string | undefined];
    const labels: Record<string, string> = { transaction: transactionName(transaction) };
    if (b !== undefined) labels.endPoint = a;
    const stat = b ?? a;
    if (/^p\d+(\.\d+)?$/.test(stat)) labels.percentile = stat;
    else labels.statistic = stat;
    return { metric: 'latency', labels };
  }
  // Dotted names keep their parts: queryTime.Q1.1, throughput.ratioVsAurora.
  if (/^[A-Za-z][\w.-]{0,99}$/.test(q) && !q.endsWith('.')) return { metric: q, labels: {} };
  return {
    error:
      'use a name such as tpmC, queryTime.Q1.1, latency.new_order.complete.p99 or latency[transaction=Payment, percentile=p99] (letters, digits, ".", "_" and "-")',
  };
}

/** The printed form back from metric and labels (for showing stored values). */
export function quantityOf(v: { metric: string; labels: Record<string, string> }): string {
  const labels = Object.entries(v.labels);
  return labels.length ? `${v.metric}[${labels.map(([k, val]) => `${k}=${val}`).join(', ')}]` : v.metric;
}

/**
 * One value as entered. `origin` also accepts the issue's shorthand: 'measured' or 'estimated'
 * mean origin 'imported' (quoted from the publication) with that quality.
 */
export const PublishedValueDraft = z
  .preprocess(
    (raw) => {
      if (!raw || typeof raw !== 'object') return raw;
      const v = { ...(raw as Record<string, unknown>) };
      if (v.origin === 'measured' || v.origin === 'estimated') {
        v.quality ??= v.origin;
        v.origin = 'imported';
      }
      if (v.origin === undefined || v.origin === '') v.origin = 'imported';
      // A range typed as the value ("+18–40 %") is kept as printed, with its ends.
      if (typeof v.value === 'string' && parseRange(v.value)) {
        v.text ??= v.value;
        v.value = null;
      }
      // A range printed as text is kept as its ends when no ends are given.
      const range = v.low === undefined && v.high === undefined ? parseRange(v.text) : null;
      if (range && (v.value === undefined || v.value === null)) {
        [v.low, v.high] = range;
        v.value = null;
      }
      return v;
    },
    PublishedValue.omit({ metric: true, labels: true }).extend({
      quantity: z.string().trim().min(1, 'every value needs a quantity, e.g. tpmC').max(300),
      value: z
        .number({
          error: 'the value must be a plain number (1684437, 0.955) or null; keep the printed form in text',
        })
        .finite()
        .nullable(),
      unit: z.string().trim().max(32).default(''),
    }),
  )
  .transform((v, ctx): PublishedValue => {
    if (v.low !== undefined && v.high !== undefined && v.low > v.high)
      ctx.addIssue({
        code: 'custom',
        path: ['low'],
        message: `the range's low end (${v.low}) is above its high end (${v.high})`,
      });
    if (v.origin === 'captured')
      ctx.addIssue({
        code: 'custom',
        path: ['origin'],
        message:
          'a published value cannot be "captured" (only the agent captures): use "imported" (or measured/estimated) for a printed figure, "declared" for your own',
      });
    const q = parseQuantity(v.quantity);
    if ('error' in q) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: `quantity “${v.quantity}”: ${q.error}` });
      return z.NEVER;
    }
    const { quantity: _q, ...rest } = v;
    return { ...rest, metric: q.metric, labels: q.labels };
  });
export type PublishedValueDraft = z.input<typeof PublishedValueDraft>;

const Named = z.strictObject({
  name: z.string().trim().min(1, 'a name is required').max(200),
  version: z.string().trim().max(100).optional(),
});

export const PublishedResult = z
  .strictObject({
    system: Named,
    benchmark: Named,
    /** The run's name, e.g. "Rama, 4 nodes, 128 warehouses". */
    name: z.string().trim().min(1, 'a result needs a name').max(300),
    sourceUrl: WebUrl('the source URL must be a full http(s) link, e.g. https://example.com/report.pdf'),
    /** When it was published (YYYY-MM-DD or ISO 8601); the run's start time. */
    publishedAt: z
      .union([
        z.iso.date(),
        z.iso.datetime({ offset: true }),
        // Publications often print only the month or the year.
        z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, 'write the date as YYYY-MM-DD, YYYY-MM or YYYY'),
      ])
      .optional(),
    provenance: Provenance.default(Provenance.parse({})),
    disclosure: Disclosure.default(Disclosure.parse({})),
    /**
     * May be empty: a publication that shows a side only in a chart, or a rebuttal that describes a
     * setup without numbers, still has provenance the checks compare.
     */
    values: z.array(PublishedValueDraft).max(2000).default([]),
  })
  // A misspelt key would be stored and read by no check: name it and suggest the field meant.
  .superRefine((result, ctx) => {
    for (const f of unknownFields(result.provenance))
      if (f.suggestion) ctx.addIssue({ code: 'custom', path: ['provenance', ...f.path], message: f.message });
    for (const path of capturedFields(result.provenance))
      ctx.addIssue({
        code: 'custom',
        path: ['provenance', ...path],
        message:
          'a published result cannot claim origin "captured" (only the agent captures, on the machine it measures): use "imported" for what the publication prints, or "declared" for what you state',
      });
  });
export type PublishedResult = z.infer<typeof PublishedResult>;
export type PublishedResultInput = z.input<typeof PublishedResult>;

/** One object or an array of them. */
export const PublishedResults = z.union([z.array(PublishedResult).min(1).max(500), PublishedResult]);
