// A history's detection settings (editors and owners): the largest p-value and the smallest
// relative change that make a change. They apply on the next read; decisions stay with the
// changes they were given on.
import 'server-only';
import type { PrismaClient } from '@levelfield/db/client';
import type { z } from 'zod';
import { HistorySettings } from '~/lib/schemas/history';
import { requireHistory } from './view.ts';

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
