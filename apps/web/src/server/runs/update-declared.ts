import 'server-only';
import { Disclosure, Provenance } from '@levelfield/contracts/provenance';
import { redactProvenance, redactValue } from '@levelfield/contracts/redact';
import type { PrismaClient } from '@levelfield/db/client';
import { applyDeclared, type DeclaredEdits } from '~/lib/declared';
import { recordChecksOfRun } from '../comparisons/record.ts';

/** Stores an editor's declared provenance and disclosure (the caller has checked the role), and the checks it changes. */
export async function updateDeclared(db: PrismaClient, runId: string, edits: DeclaredEdits) {
  const run = await db.run.findUniqueOrThrow({
    where: { id: runId },
    select: { provenance: true, disclosure: true },
  });
  const current = Provenance.safeParse(run.provenance);
  // Declared values are redacted like captured ones: a DSN typed into a field keeps its host only.
  const provenance = redactProvenance(
    applyDeclared(current.success ? current.data : Provenance.parse({}), edits.provenance),
  );
  // Commit-trailer evidence is captured by the agent, not declared: it survives every edit.
  const stored = Disclosure.safeParse(run.disclosure ?? {});
  const evidence = stored.success ? stored.data.ai.evidence : [];
  const disclosure = redactValue({ ...edits.disclosure, ai: { ...edits.disclosure.ai, evidence } });
  await db.run.update({ where: { id: runId }, data: { provenance, disclosure } });
  // The checks of the comparisons it is in read this provenance.
  await recordChecksOfRun(db, runId);
  return { provenance, disclosure };
}
