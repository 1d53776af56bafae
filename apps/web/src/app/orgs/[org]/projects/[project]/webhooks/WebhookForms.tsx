'use client';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { CopyButton, FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
import { type CreateWebhookState, createWebhookAction, deleteWebhookAction } from './actions';

export function CreateWebhookForm({ org, project }: { org: string; project: string }) {
  const [state, action] = useActionState<CreateWebhookState, FormData>(createWebhookAction, IDLE);
  return (
    <div className="stack-sm">
      {state.created ? (
        <div className="secret-box" role="status" aria-label="New webhook secret">
          <p>
            <strong>Copy the signing secret of {state.created.url} now.</strong> It is shown only once. Check
            each request’s Levelfield-Signature with it (docs/history.md).
          </p>
          <div className="secret-row">
            <code id="new-webhook-secret" data-testid="new-webhook-secret">
              {state.created.secret}
            </code>
            <CopyButton text={state.created.secret} targetId="new-webhook-secret" label="Copy secret" />
          </div>
        </div>
      ) : null}
      <form action={action} className="form" noValidate key={state.created?.secret ?? 'form'}>
        {state.status === 'error' ? <FormMessage state={state} /> : null}
        <input type="hidden" name="org" value={org} />
        <input type="hidden" name="project" value={project} />
        <label>
          Address
          <input
            name="url"
            type="url"
            required
            placeholder="https://hooks.slack.com/services/…"
            defaultValue={state.status === 'error' ? state.values?.url : ''}
          />
          <FieldError state={state} name="url" />
        </label>
        <label>
          Payload
          <select name="format" defaultValue={state.status === 'error' ? state.values?.format : 'json'}>
            <option value="json">Levelfield JSON event</option>
            <option value="slack">Slack-compatible {'{"text": …}'}</option>
          </select>
        </label>
        <SubmitButton pending="Adding…">Add webhook</SubmitButton>
      </form>
    </div>
  );
}

export function DeleteWebhookForm({ org, project, id }: { org: string; project: string; id: string }) {
  const [state, action] = useActionState(deleteWebhookAction, IDLE);
  return (
    <form action={action}>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="id" value={id} />
      <SubmitButton pending="Deleting…" className="button small ghost">
        Delete
      </SubmitButton>
      {state.status === 'error' ? <FormMessage state={state} /> : null}
    </form>
  );
}
