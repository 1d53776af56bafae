// A person's decision on a check: confirm (it is an asymmetry) or waive (it does not matter
// here), always with a written justification, recorded with who and when. Waiving needs the
// waiveCheck action (editors and owners); confirming needs review (reviewers and up).
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient } from '@levelfield/db/client';
import { CHECK_IDS } from '@levelfield/fairness';
import { displayName } from '~/server/people';
import { recordChecks } from './record.ts';
import type { DecideCheck } from './schema.ts';
import { requireComparison } from './view.ts';

export async function decideCheck(db: PrismaClient, viewerId: string | null, input: DecideCheck) {
  const action = input.decision === 'waived' ? 'waiveCheck' : 'review';
  const { comparison } = await requireComparison(db, viewerId, input.slug, action);
  if (!(CHECK_IDS as readonly string[]).includes(input.checkId))
    throw new AppError('VALIDATION_FAILED', `${input.checkId} is not a check of the catalogue.`, 'checkId');
  const user = await db.user.findUniqueOrThrow({
    where: { id: viewerId as string },
    select: { id: true, name: true },
  });
  // The row keeps the state and evidence the decision was made on.
  await recordChecks(db, comparison.id);
  const at = new Date();
  return db.$transaction(async (tx) => {
    const row = await tx.checkResult.upsert({
      where: { comparisonId_checkId: { comparisonId: comparison.id, checkId: input.checkId } },
      // An empty comparison has no computed checks: the row holds the decision alone.
      create: { comparisonId: comparison.id, checkId: input.checkId, state: 'unknown' },
      update: {},
      select: { id: true },
    });
    await tx.checkResult.update({
      where: { id: row.id },
      data: {
        decision: input.decision,
        justification: input.justification,
        decidedById: user.id,
        decidedAt: at,
      },
    });
    await tx.checkDecisionEvent.create({
      data: {
        checkResultId: row.id,
        decision: input.decision,
        justification: input.justification,
        decidedById: user.id,
        decidedByName: displayName(user),
        decidedAt: at,
      },
    });
    return {
      checkId: input.checkId,
      decision: input.decision,
      by: displayName(user),
      at: at.toISOString(),
    };
  });
}
