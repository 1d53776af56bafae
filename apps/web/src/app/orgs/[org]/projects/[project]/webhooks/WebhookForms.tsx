'use client';
import { CopyButton } from '~/components/accounts/ui';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateWebhook, DeleteWebhookInput } from '~/lib/schemas/projects';
import { createWebhookAction, deleteWebhookAction } from './actions';

export function CreateWebhookForm({ org, project }: { org: string; project: string }) {
  const form = useZodForm(
    CreateWebhook,
    fromAction((input) => createWebhookAction({ org, project }, input)),
    { onSuccess: (_created, element) => element.reset() },
  );
  const created = form.accepted ? form.result : undefined;
  return (
    <div className="stack-sm">
      {created ? (
        <div className="secret-box" role="status" aria-label="New webhook secret">
          <p>
            <strong>Copy the signing secret of {created.url} now.</strong> It is shown only once. Check each
            request’s Levelfield-Signature with it (docs/history.md).
          </p>
          <div className="secret-row">
            <code id="new-webhook-secret" data-testid="new-webhook-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} targetId="new-webhook-secret" label="Copy secret" />
          </div>
        </div>
      ) : null}
      <form onSubmit={form.onSubmit} className="form" noValidate>
        <FormAlert form={form} />
        <label>
          Address
          <input
            name="url"
            type="url"
            required
            placeholder="https://hooks.slack.com/services/…"
            {...form.field('url')}
          />
          <FieldError form={form} path="url" />
        </label>
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
  const form = useZodForm(
    DeleteWebhookInput,
    fromAction((input) => deleteWebhookAction({ org, project }, input)),
  );
  return (
    <form onSubmit={form.onSubmit}>
      <input type="hidden" name="id" value={id} />
      <SubmitButton pending={form.pending} busyLabel="Deleting…" className="button small ghost">
        Delete
      </SubmitButton>
      <FormAlert form={form} />
    </form>
  );
}
