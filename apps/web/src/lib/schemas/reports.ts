// Inputs of the report forms (publish, who may read it), shared by the forms and the report
// procedures. No server-only imports: this ships to browsers.
import { z } from 'zod';
import { ComparisonSlug } from './slug';

export const ReportVisibility = z.enum(['private', 'unlisted', 'public']);
export type ReportVisibility = z.infer<typeof ReportVisibility>;

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

/** Looked up, not validated beyond length: a malformed slug is simply not found. */
export const ReportSlug = z.string().trim().min(1).max(100);

export const SetVisibility = z.object({
  slug: ReportSlug,
  visibility: ReportVisibility,
});
