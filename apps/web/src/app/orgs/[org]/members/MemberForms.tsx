'use client';
import type { Role } from '@levelfield/db/client';
import { useActionState } from 'react';
import { IDLE } from '~/components/accounts/form-state';
import { CopyButton, FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
import {
  changeRoleAction,
  type InviteState,
  inviteAction,
  removeMemberAction,
  revokeInvitationAction,
} from '../../actions';

const ROLES: Role[] = ['owner', 'editor', 'reviewer', 'viewer'];

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
  const [state, action] = useActionState(changeRoleAction, IDLE);
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="userId" value={userId} />
      <select name="role" defaultValue={role} aria-label={`Role of ${label}`}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <SubmitButton className="button small" pending="Saving…">
        Save
      </SubmitButton>
      {state.status === 'error' ? (
        <span className="field-error" role="alert">
          {state.message}
        </span>
      ) : state.status === 'ok' ? (
        <span className="ok-text" role="status">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

export function RemoveMemberForm({ org, userId, label }: { org: string; userId: string; label: string }) {
  const [state, action] = useActionState(removeMemberAction, IDLE);
  return (
    <form
      action={action}
      className="inline-form"
      onSubmit={(event) => {
        if (!window.confirm(`Remove ${label} from ${org}? They lose access to its private projects.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="userId" value={userId} />
      <SubmitButton className="button small danger" pending="Removing…" aria-label={`Remove ${label}`}>
        Remove
      </SubmitButton>
      {state.status === 'error' ? (
        <span className="field-error" role="alert">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}

export function InviteForm({ org }: { org: string }) {
  const [state, action] = useActionState<InviteState, FormData>(inviteAction, IDLE);
  return (
    <div className="stack-sm">
      <form action={action} className="form invite-form" noValidate>
        <input type="hidden" name="org" value={org} />
        <label>
          Email
          <input
            name="email"
            type="email"
            required
            defaultValue={state.status === 'error' ? state.values?.email : ''}
          />
          <FieldError state={state} name="email" />
        </label>
        <label>
          Role
          <select name="role" aria-label="Invited role" defaultValue={state.values?.role ?? 'viewer'}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r} — {ROLE_HELP[r]}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton pending="Creating link…">Create invitation link</SubmitButton>
      </form>
      {state.status === 'error' ? <FormMessage state={state} /> : null}
      {state.link && state.invited ? (
        <div className="secret-box" role="status" aria-label="New invitation link">
          <p>
            <strong>Send this link to {state.invited.email}.</strong> It is shown only now; it works once, for
            a {state.invited.role}, until {state.invited.expiresAt.slice(0, 10)}.
          </p>
          <div className="secret-row">
            <code id="invite-link" data-testid="invite-link">
              {state.link}
            </code>
            <CopyButton text={state.link} targetId="invite-link" label="Copy link" />
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
  const [state, action] = useActionState(revokeInvitationAction, IDLE);
  return (
    <form action={action} className="inline-form">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="invitationId" value={invitationId} />
      <SubmitButton
        className="button small"
        pending="Revoking…"
        aria-label={`Revoke invitation for ${email}`}
      >
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
