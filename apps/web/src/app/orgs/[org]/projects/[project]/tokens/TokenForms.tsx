'use client';
import { SecretBox, SecretRow } from '~/components/accounts/ui';
import { ButtonForm } from '~/components/forms/button-form';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, SubmitButton, TextField } from '~/components/forms/form-parts';
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
    { reset: true },
  );
  const created = form.result;
  return (
    <div className="stack-sm">
      {created ? (
        <SecretBox label="New API token">
          <p>
            <strong>Copy the token “{created.name}” now.</strong> It is shown only once: Levelfield keeps a
            hash, not the token. If you lose it, revoke it and create another.
          </p>
          <SecretRow id="new-token" text={created.token} copyLabel="Copy token" />
          {created.scopes.includes('ingest') ? (
            <>
              <p className="muted">Start a run with it:</p>
              <SecretRow id="agent-command" text={created.command} copyLabel="Copy command" command />
              <p className="muted small">{created.commandHint}</p>
            </>
          ) : null}
        </SecretBox>
      ) : null}
      <form onSubmit={form.onSubmit} className="form token-form" noValidate>
        <FormAlert form={form} />
        <TextField
          form={form}
          name="name"
          label="Token name"
          required
          maxLength={80}
          placeholder="e.g. ci runner"
        />
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
        <label>
          Expires
          <select name="expires" defaultValue="90" {...form.field('expires')}>
            <option value="30">in 30 days</option>
            <option value="90">in 90 days</option>
            <option value="365">in a year</option>
            <option value="never">never (until revoked)</option>
          </select>
          <FieldError form={form} path="expires" />
        </label>
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
  return (
    <ButtonForm
      schema={RevokeTokenInput}
      values={{ tokenId }}
      send={fromAction((input) => revokeTokenAction({ org, project }, input))}
      confirm={`Revoke the token “${name}”? Agents using it stop being able to send results.`}
      className="button small danger"
      busyLabel="Revoking…"
      label={`Revoke ${name}`}
    >
      Revoke
    </ButtonForm>
  );
}
