// Inputs of the report procedures: one zod schema each; those of forms are in lib/schemas
// (reports.ts, review.ts), which browsers load too.
import 'server-only';
import { z } from 'zod';
import { THREAD_STATES } from '~/lib/review-rules';
import { ReportSlug } from '~/lib/schemas/reports';
import { CommentForm, OpenThreadForm } from '~/lib/schemas/review';

export const ReportVersionNumber = z.number().int().min(1).max(1_000_000);

export const ReportRef = z.object({
  slug: ReportSlug,
  /** A published version; the latest when left out. */
  version: z.coerce.number().int().min(1).max(1_000_000).optional(),
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
