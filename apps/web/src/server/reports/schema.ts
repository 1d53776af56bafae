// Inputs of the report procedures: one zod schema each, shared by server and forms.
import 'server-only';
import { z } from 'zod';
import { THREAD_STATES } from '~/lib/review-rules';
import { CommentForm, OpenThreadForm } from '~/lib/schemas/review';
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

/** Looked up, not validated beyond length: a malformed slug is simply not found. */
const ReportSlug = z.string().trim().min(1).max(100);
export const ReportVersionNumber = z.number().int().min(1).max(1_000_000);

export const ReportRef = z.object({
  slug: ReportSlug,
  /** A published version; the latest when left out. */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const SetVisibility = z.object({
  slug: ReportSlug,
  visibility: ReportVisibility,
});

// ───────────── review threads ─────────────

const ThreadId = z.string().min(1).max(100);

export const ThreadsOf = z.object({ slug: ReportSlug });

export const OpenThread = OpenThreadForm.extend({
  slug: ReportSlug,
  /** The version the reviewer is reading: the anchor must exist in its snapshot. */
  version: ReportVersionNumber,
});
export type OpenThread = z.infer<typeof OpenThread>;

export const CommentOnThread = CommentForm.extend({ threadId: ThreadId });
export type CommentOnThread = z.infer<typeof CommentOnThread>;

export const SetThreadState = z.object({ threadId: ThreadId, state: z.enum(THREAD_STATES) });
export type SetThreadState = z.infer<typeof SetThreadState>;
