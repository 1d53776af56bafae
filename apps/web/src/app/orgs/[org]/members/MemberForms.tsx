'use client';
import type { Role } from '@levelfield/db/client';
import { SecretBox, SecretRow } from '~/components/accounts/ui';
import { ButtonForm } from '~/components/forms/button-form';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, FormNotice, SubmitButton, TextField } from '~/components/forms/form-parts';
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

type Withdrawn = { revokedTokens: number; withdrawnInvitations: number };

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a change of role took back, said after "Role changed." (empty when nothing). */
function withdrawnText({ revokedTokens, withdrawnInvitations }: Withdrawn): string {
  const parts = [
    revokedTokens ? `${plural(revokedTokens, 'API token', 'API tokens')} they created revoked` : '',
    withdrawnInvitations
      ? `${plural(withdrawnInvitations, 'pending invitation', 'pending invitations')} they sent withdrawn`
      : '',
  ].filter(Boolean);
  return parts.length ? ` ${parts.join('; ')}.` : '';
}

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
        Role changed.{form.result ? withdrawnText(form.result) : ''}
      </FormNotice>
    </form>
  );
}

export function RemoveMemberForm({
  org,
  userId,
  label,
  activeTokens,
}: {
  org: string;
  userId: string;
  label: string;
  /** Usable API tokens the member created here: removal revokes them, so the question says so. */
  activeTokens: number;
}) {
  const tokens = activeTokens
    ? ` The ${plural(activeTokens, 'API token', 'API tokens')} they created in its projects will be revoked.`
    : '';
  return (
    <ButtonForm
      schema={RemoveMemberInput}
      values={{ userId }}
      send={fromAction((input) => removeMemberAction(org, input))}
      confirm={`Remove ${label} from ${org}? They lose access to its private projects.${tokens}`}
      className="button small danger"
      busyLabel="Removing…"
      label={`Remove ${label}`}
    >
      Remove
    </ButtonForm>
  );
}

export function InviteForm({ org }: { org: string }) {
  const form = useZodForm(
    CreateInvitationInput,
    fromAction((input) => inviteAction(org, input)),
    { reset: true },
  );
  const invited = form.result;
  return (
    <div className="stack-sm">
      <form onSubmit={form.onSubmit} className="form invite-form" noValidate>
        <TextField form={form} name="email" label="Email" type="email" required />
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
        <SecretBox label="New invitation link">
          <p>
            <strong>Send this link to {invited.email}.</strong> It is shown only now; it works once, for a{' '}
            {invited.role}, until {invited.expiresAt.slice(0, 10)}.
          </p>
          <SecretRow id="invite-link" text={invited.link} copyLabel="Copy link" />
        </SecretBox>
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
  return (
    <ButtonForm
      schema={RevokeInvitationInput}
      values={{ invitationId }}
      send={fromAction((input) => revokeInvitationAction(org, input))}
      busyLabel="Revoking…"
      label={`Revoke invitation for ${email}`}
    >
      Revoke
    </ButtonForm>
  );
}
