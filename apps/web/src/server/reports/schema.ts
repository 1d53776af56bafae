// Inputs of the report procedures: one zod schema each, shared by server and forms.
import { z } from 'zod';
import { ComparisonSlug } from '../comparisons/schema.ts';

export const ReportVisibility = z.enum(['private', 'unlisted', 'public']);

export const PublishReport = z.object({
  /** The comparison to publish (or republish: its report gets a new version). */
  comparison: z.string().trim().min(1).max(100),
  /** The report's slug, only when it is first published; defaults to the comparison's slug. */
  slug: ComparisonSlug.optional(),
  /** Defaults to the comparison's title. */
  title: z.string().trim().min(1, 'a report needs a title').max(300).optional(),
  visibility: ReportVisibility,
});
export type PublishReport = z.infer<typeof PublishReport>;

export const ReportRef = z.object({
  slug: z.string().trim().min(1).max(100),
  /** A published version; the latest when left out. */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const SetVisibility = z.object({
  slug: z.string().trim().min(1).max(100),
  visibility: ReportVisibility,
});
