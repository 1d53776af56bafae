// A history's detection settings (editors and owners): the largest p-value and the smallest
// relative change that make a change. They apply on the next read; decisions stay with the
// changes they were given on.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import { z } from 'zod';
import { requireHistory } from './view.ts';

export const HistorySettings = z.object({
  maxPValue: z
    .number()
    .gt(0, 'the p-value must be above 0')
    .max(0.2, 'a p-value above 0.2 flags noise as change'),
  minMagnitude: z.number().min(0, 'the smallest change cannot be negative').max(10),
});

export async function updateSettings(
  db: PrismaClient,
  viewerId: string | null,
  input: z.infer<typeof HistorySettings> & { historyId: string },
) {
  const { history } = await requireHistory(db, viewerId, input.historyId, 'edit');
  const { maxPValue, minMagnitude } = HistorySettings.parse(input);
  return db.history.update({
    where: { id: history.id },
    data: { maxPValue, minMagnitude },
    select: { id: true, maxPValue: true, minMagnitude: true },
  });
}
