'use client';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { CopyButton, FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
import { type CreateTokenState, createTokenAction, revokeTokenAction } from './actions';

export function CreateTokenForm({
  org,
  project,
  scopes,
}: {
  org: string;
  project: string;
  scopes: { id: string; description: string }[];
}) {
  const [state, action] = useActionState<CreateTokenState, FormData>(createTokenAction, IDLE);
  const chosen = state.status === 'error' ? (state.values?.scopes ?? '').split(',') : ['ingest'];
  return (
    <div className="stack-sm">
      {state.created ? (
        <div className="secret-box" role="status" aria-label="New API token">
          <p>
            <strong>Copy the token “{state.created.name}” now.</strong> It is shown only once: Levelfield
            keeps a hash, not the token. If you lose it, revoke it and create another.
          </p>
          <div className="secret-row">
            <code id="new-token" data-testid="new-token">
              {state.created.token}
            </code>
            <CopyButton text={state.created.token} targetId="new-token" label="Copy token" />
          </div>
          {state.created.scopes.includes('ingest') ? (
            <>
              <p className="muted">Start a run with it:</p>
              <div className="secret-row">
                <pre id="agent-command" className="command" data-testid="agent-command">
                  {state.created.command}
                </pre>
                <CopyButton text={state.created.command} targetId="agent-command" label="Copy command" />
              </div>
              <p className="muted small">{state.created.commandHint}</p>
            </>
          ) : null}
        </div>
      ) : null}
      <form action={action} className="form token-form" noValidate key={state.created?.token ?? 'form'}>
        {state.status === 'error' ? <FormMessage state={state} /> : null}
        <input type="hidden" name="org" value={org} />
        <input type="hidden" name="project" value={project} />
        <label>
          Token name
          <input
            name="name"
            required
            maxLength={80}
            placeholder="e.g. ci runner"
            defaultValue={state.status === 'error' ? state.values?.name : ''}
          />
          <FieldError state={state} name="name" />
        </label>
        <fieldset className="choices">
          <legend>Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope.id} className="choice">
              <input
                type="checkbox"
                name="scopes"
                value={scope.id}
                defaultChecked={chosen.includes(scope.id)}
              />
              <span>
                <strong>{scope.id}</strong> <span className="muted">— {scope.description}</span>
              </span>
            </label>
          ))}
          <FieldError state={state} name="scopes" />
        </fieldset>
        <SubmitButton pending="Creating…">Create token</SubmitButton>
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
  const [state, action] = useActionState(revokeTokenAction, IDLE);
  return (
    <form
      action={action}
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the token “${name}”? Agents using it stop being able to send results.`)) {
          event.preventDefault();
        }
      }}
    >
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="tokenId" value={tokenId} />
      <SubmitButton className="button small danger" pending="Revoking…" aria-label={`Revoke ${name}`}>
        Revoke
      </SubmitButton>
      {state.status === 'error' ? (
        <span className="field-error" role="alert">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
