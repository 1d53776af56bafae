'use client';
import { SecretBox, SecretRow } from '~/components/accounts/ui';
import { ButtonForm } from '~/components/forms/button-form';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton, TextField } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateWebhook, DeleteWebhookInput } from '~/lib/schemas/projects';
import { createWebhookAction, deleteWebhookAction } from './actions';

export function CreateWebhookForm({ org, project }: { org: string; project: string }) {
  const form = useZodForm(
    CreateWebhook,
    fromAction((input) => createWebhookAction({ org, project }, input)),
    { reset: true },
  );
  const created = form.result;
  return (
    <div className="stack-sm">
      {created ? (
        <SecretBox label="New webhook secret">
          <p>
            <strong>Copy the signing secret of {created.url} now.</strong> It is shown only once. Check each
            request’s Levelfield-Signature with it (docs/history.md).
          </p>
          <SecretRow id="new-webhook-secret" text={created.secret} copyLabel="Copy secret" />
        </SecretBox>
      ) : null}
      <form onSubmit={form.onSubmit} className="form" noValidate>
        <FormAlert form={form} />
        <TextField
          form={form}
          name="url"
          label="Address"
          type="url"
          required
          placeholder="https://hooks.slack.com/services/…"
        />
        <label>
          Payload
          <select name="format" defaultValue="json">
            <option value="json">Levelfield JSON event</option>
            <option value="slack">Slack-compatible {'{"text": …}'}</option>
          </select>
        </label>
        <SubmitButton pending={form.pending} busyLabel="Adding…">
          Add webhook
        </SubmitButton>
      </form>
    </div>
  );
}

export function DeleteWebhookForm({ org, project, id }: { org: string; project: string; id: string }) {
  return (
    <ButtonForm
      schema={DeleteWebhookInput}
      values={{ id }}
      send={fromAction((input) => deleteWebhookAction({ org, project }, input))}
      className="button small ghost"
      busyLabel="Deleting…"
    >
      Delete
    </ButtonForm>
  );
}
