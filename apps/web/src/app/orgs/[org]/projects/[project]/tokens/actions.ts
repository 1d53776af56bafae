'use server';
import type { z } from 'zod';
import { env } from '~/env';
import type { FormResult } from '~/lib/form-result';
import type { CreateTokenInput, RevokeTokenInput } from '~/lib/schemas/projects';
import { callAndRefresh, formResult } from '~/server/form-errors';
import { serverCaller } from '~/server/root';
import { agentCommand, TOKEN_FILE_HINT } from '~/server/tokens/tokens';

type ProjectRef = { org: string; project: string };

export interface CreatedToken {
  name: string;
  /** The plain token: in this response only, never stored or shown again. */
  token: string;
  scopes: string[];
  command: string;
  commandHint: string;
}

export async function createTokenAction(
  ref: ProjectRef,
  input: z.input<typeof CreateTokenInput>,
): Promise<FormResult<CreatedToken>> {
  return formResult(
    async () => {
      const created = await (await serverCaller()).tokens.create({ ...ref, ...input });
      return {
        name: created.name,
        token: created.token,
        scopes: created.scopes,
        command: agentCommand({ server: env().LEVELFIELD_INGEST_URL, project: ref.project }),
        commandHint: TOKEN_FILE_HINT,
      };
    },
    { revalidate: [`/orgs/${ref.org}/projects/${ref.project}/tokens`] },
  );
}

export async function revokeTokenAction(
  ref: ProjectRef,
  input: z.input<typeof RevokeTokenInput>,
): Promise<FormResult<void>> {
  return callAndRefresh([`/orgs/${ref.org}/projects/${ref.project}/tokens`], (caller) =>
    caller.tokens.revoke({ ...ref, ...input }),
  );
}
