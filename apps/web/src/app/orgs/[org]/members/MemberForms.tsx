'use client';
import type { Role } from '@levelfield/db/client';
import { CopyButton } from '~/components/accounts/ui';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, FormNotice, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import {
  ChangeRoleInput,
  CreateInvitationInput,
  RemoveMemberInput,
  RevokeInvitationInput,
  ROLES,
} from '~/lib/schemas/orgs';
import { changeRoleAction, inviteAction, removeMemberAction, revokeInvitationAction } from '../../actions';

export const ROLE_HELP: Record<Role, string> = {
  owner: 'everything, including members and roles',
  editor: 'create projects and API tokens, edit runs, publish reports',
  reviewer: 'read and review',
  viewer: 'read only',
};

export function RoleForm({
  org,
  userId,
  role,
  label,
}: {
  org: string;
  userId: string;
  role: Role;
  label: string;
}) {
  const form = useZodForm(
    ChangeRoleInput,
    fromAction((input) => changeRoleAction(org, input)),
  );
  return (
    <form onSubmit={form.onSubmit} className="inline-form">
      <input type="hidden" name="userId" value={userId} />
      <select name="role" defaultValue={role} aria-label={`Role of ${label}`}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <SubmitButton className="button small" pending={form.pending} busyLabel="Saving…">
        Save
      </SubmitButton>
      <FormAlert form={form} inline />
      <FormNotice form={form} inline>
        Role changed.
      </FormNotice>
    </form>
  );
}

export function RemoveMemberForm({ org, userId, label }: { org: string; userId: string; label: string }) {
  const form = useZodForm(
    RemoveMemberInput,
    fromAction((input) => removeMemberAction(org, input)),
    { confirm: `Remove ${label} from ${org}? They lose access to its private projects.` },
  );
  return (
    <form onSubmit={form.onSubmit} className="inline-form">
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton
        className="button small danger"
        pending={form.pending}
        busyLabel="Removing…"
        aria-label={`Remove ${label}`}
      >
        Remove
      </SubmitButton>
      <FormAlert form={form} inline />
    </form>
  );
}

export function InviteForm({ org }: { org: string }) {
  const form = useZodForm(
    CreateInvitationInput,
    fromAction((input) => inviteAction(org, input)),
    { onSuccess: (_invited, element) => element.reset() },
  );
  const invited = form.accepted ? form.result : undefined;
  return (
    <div className="stack-sm">
      <form onSubmit={form.onSubmit} className="form invite-form" noValidate>
        <label>
          Email
          <input name="email" type="email" required {...form.field('email')} />
          <FieldError form={form} path="email" />
        </label>
        <label>
          Role
          <select name="role" aria-label="Invited role" defaultValue="viewer">
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r} — {ROLE_HELP[r]}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton pending={form.pending} busyLabel="Creating link…">
          Create invitation link
        </SubmitButton>
      </form>
      <FormAlert form={form} />
      {invited ? (
        <div className="secret-box" role="status" aria-label="New invitation link">
          <p>
            <strong>Send this link to {invited.email}.</strong> It is shown only now; it works once, for a{' '}
            {invited.role}, until {invited.expiresAt.slice(0, 10)}.
          </p>
          <div className="secret-row">
            <code id="invite-link" data-testid="invite-link">
              {invited.link}
            </code>
            <CopyButton text={invited.link} targetId="invite-link" label="Copy link" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

export function RevokeInvitationForm({
  org,
  invitationId,
  email,
}: {
  org: string;
  invitationId: string;
  email: string;
}) {
  const form = useZodForm(
    RevokeInvitationInput,
    fromAction((input) => revokeInvitationAction(org, input)),
  );
  return (
    <form onSubmit={form.onSubmit} className="inline-form">
      <input type="hidden" name="invitationId" value={invitationId} />
      <SubmitButton
        className="button small"
        pending={form.pending}
        busyLabel="Revoking…"
        aria-label={`Revoke invitation for ${email}`}
      >
        Revoke
      </SubmitButton>
      <FormAlert form={form} inline />
    </form>
  );
}
