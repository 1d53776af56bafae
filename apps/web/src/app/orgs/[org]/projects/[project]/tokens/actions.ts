'use server';
import { revalidatePath } from 'next/cache';
import type { FormState } from '~/components/accounts/form-state';
import { env } from '~/env';
import { formError } from '~/server/form-errors';
import { serverCaller } from '~/server/root';
import { agentCommand, TOKEN_FILE_HINT } from '~/server/tokens/tokens';

export interface CreateTokenState extends FormState {
  /** The plain token: in this response only, never stored or shown again. */
  created?: { name: string; token: string; scopes: string[]; command: string; commandHint: string };
}

export async function createTokenAction(
  _previous: CreateTokenState,
  formData: FormData,
): Promise<CreateTokenState> {
  const [org, project] = [String(formData.get('org') ?? ''), String(formData.get('project') ?? '')];
  const name = String(formData.get('name') ?? '');
  const scopes = formData.getAll('scopes').map(String) as ('ingest' | 'read' | 'write')[];
  try {
    const created = await (await serverCaller()).tokens.create({ org, project, name, scopes });
    revalidatePath(`/orgs/${org}/projects/${project}/tokens`);
    return {
      status: 'ok',
      created: {
        name: created.name,
        token: created.token,
        scopes: created.scopes,
        command: agentCommand({ server: env().LEVELFIELD_INGEST_URL, project }),
        commandHint: TOKEN_FILE_HINT,
      },
    };
  } catch (error) {
    return formError(error, { name, scopes: scopes.join(',') });
  }
}

export async function revokeTokenAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const [org, project] = [String(formData.get('org') ?? ''), String(formData.get('project') ?? '')];
  try {
    await (await serverCaller()).tokens.revoke({
      org,
      project,
      tokenId: String(formData.get('tokenId') ?? ''),
    });
  } catch (error) {
    return formError(error);
  }
  revalidatePath(`/orgs/${org}/projects/${project}/tokens`);
  return { status: 'ok', message: 'Revoked.' };
}
