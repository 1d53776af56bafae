// Inputs of the history forms (a decision on a detected change, the detection settings), shared
// by the forms and the history procedures. No server-only imports: this ships to browsers.
import { z } from 'zod';
import { HISTORY_METRICS } from '~/lib/history-points';

export const DecideChange = z.object({
  historyId: z.string().trim().min(1).max(64),
  /** The series the change was detected in (the history page's choice). */
  series: z.string().trim().min(1).max(600),
  metric: z.enum(HISTORY_METRICS),
  /** The first run after the change. */
  runId: z.string().trim().min(1).max(100),
  kind: z.enum(['confirmed', 'dismissed', 'annotated']),
  note: z
    .string()
    .trim()
    .min(
      1,
      'Say why: a decision without a reason is not recorded, and whoever reads this history next needs it.',
    )
    .max(4000),
});
export type DecideChange = z.infer<typeof DecideChange>;

export const HistorySettings = z.object({
  maxPValue: z
    .number()
    .gt(0, 'the p-value must be above 0')
    .max(0.2, 'a p-value above 0.2 flags noise as change'),
  minMagnitude: z.number().min(0, 'the smallest change cannot be negative').max(10),
});
