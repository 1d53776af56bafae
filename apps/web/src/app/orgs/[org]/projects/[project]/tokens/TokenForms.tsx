'use client';
import { CopyButton } from '~/components/accounts/ui';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateTokenInput, RevokeTokenInput } from '~/lib/schemas/projects';
import { createTokenAction, revokeTokenAction } from './actions';

export function CreateTokenForm({
  org,
  project,
  scopes,
}: {
  org: string;
  project: string;
  scopes: { id: string; description: string }[];
}) {
  const form = useZodForm(
    CreateTokenInput,
    fromAction((input) => createTokenAction({ org, project }, input)),
    { onSuccess: (_created, element) => element.reset() },
  );
  const created = form.accepted ? form.result : undefined;
  return (
    <div className="stack-sm">
      {created ? (
        <div className="secret-box" role="status" aria-label="New API token">
          <p>
            <strong>Copy the token “{created.name}” now.</strong> It is shown only once: Levelfield keeps a
            hash, not the token. If you lose it, revoke it and create another.
          </p>
          <div className="secret-row">
            <code id="new-token" data-testid="new-token">
              {created.token}
            </code>
            <CopyButton text={created.token} targetId="new-token" label="Copy token" />
          </div>
          {created.scopes.includes('ingest') ? (
            <>
              <p className="muted">Start a run with it:</p>
              <div className="secret-row">
                <pre id="agent-command" className="command" data-testid="agent-command">
                  {created.command}
                </pre>
                <CopyButton text={created.command} targetId="agent-command" label="Copy command" />
              </div>
              <p className="muted small">{created.commandHint}</p>
            </>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={form.onSubmit} className="form token-form" noValidate>
        <FormAlert form={form} />
        <label>
          Token name
          <input name="name" required maxLength={80} placeholder="e.g. ci runner" {...form.field('name')} />
          <FieldError form={form} path="name" />
        </label>
        <fieldset className="choices" {...form.field('scopes')}>
          <legend>Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope.id} className="choice">
              <input type="checkbox" name="scopes" value={scope.id} defaultChecked={scope.id === 'ingest'} />
              <span>
                <strong>{scope.id}</strong> <span className="muted">— {scope.description}</span>
              </span>
            </label>
          ))}
          <FieldError form={form} path="scopes" />
        </fieldset>
        <SubmitButton pending={form.pending} busyLabel="Creating…">
          Create token
        </SubmitButton>
      </form>
    </div>
  );
}

export function RevokeTokenForm({
  org,
  project,
  tokenId,
  name,
}: {
  org: string;
  project: string;
  tokenId: string;
  name: string;
}) {
  const form = useZodForm(
    RevokeTokenInput,
    fromAction((input) => revokeTokenAction({ org, project }, input)),
    { confirm: `Revoke the token “${name}”? Agents using it stop being able to send results.` },
  );
  return (
    <form onSubmit={form.onSubmit} className="inline-form">
      <input type="hidden" name="tokenId" value={tokenId} />
      <SubmitButton
        className="button small danger"
        pending={form.pending}
        busyLabel="Revoking…"
        aria-label={`Revoke ${name}`}
      >
        Revoke
      </SubmitButton>
      <FormAlert form={form} inline />
    </form>
  );
}
