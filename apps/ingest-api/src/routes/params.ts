import { validationError } from '@levelfield/contracts/errors';
import { z } from 'zod';

/** The documented bound of the {id} path parameter (openapi.ts). */
export const RUN_ID_MAX_LENGTH = 64;
const RunParams = z.object({ id: z.string().min(1).max(RUN_ID_MAX_LENGTH) });

export type RunParams = { Params: { id: string } };

export function runId(params: unknown): string {
  const parsed = RunParams.safeParse(params);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.id;
}
