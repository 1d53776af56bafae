import type { Metadata } from 'next';
import { OrgHeader } from '~/components/orgs/OrgHeader';
import { ListTable } from '~/components/table/list-table';
import { formatUtcDate } from '~/lib/format';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { InviteForm, RemoveMemberForm, RevokeInvitationForm, ROLE_HELP, RoleForm } from './MemberForms';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Members · ${(await params).org}` };
}

export default async function MembersPage({ params }: { params: Params }) {
  const { org: slug } = await params;
  const caller = await serverCaller();
  const back = `/orgs/${slug}/members`;
  const org = await guard(caller.orgs.get({ org: slug }), back);
  const [members, invitations, me] = await Promise.all([
    guard(caller.orgs.members({ org: slug }), back),
    guard(caller.invitations.pending({ org: slug }), back),
    guard(caller.account.me(), back),
  ]);
  const manage = org.can.manageMembers;
  return (
    <section className="stack">
      <OrgHeader org={org} role={org.role} active="members" />
      {manage ? null : (
        <p className="notice">
          You are {org.role === 'editor' ? 'an' : 'a'} {org.role} in {org.slug}: only owners can invite people
          and change roles.
        </p>
      )}
      <ListTable
        label="Members"
        headings={[
          'Member',
          'Role',
          'API tokens',
          'Joined',
          manage && { label: 'Remove', className: 'actions-col' },
        ]}
        rows={members}
      >
        {(member) => {
          const label = member.name ? `${member.name} (${member.email})` : member.email;
          return (
            <tr key={member.userId} data-member={member.email}>
              <td className="name">
                {member.name ?? '—'}
                {member.userId === me.id ? <span className="tag">you</span> : null}
                <div className="muted small">{member.email}</div>
              </td>
              <td>
                {manage ? (
                  <RoleForm org={org.slug} userId={member.userId} role={member.role} label={label} />
                ) : (
                  <span className={`role role-${member.role}`} title={ROLE_HELP[member.role]}>
                    {member.role}
                  </span>
                )}
              </td>
              <td title="Usable API tokens this member created in the organization's projects">
                {member.activeTokens || '—'}
              </td>
              <td>{formatUtcDate(member.joinedAt)}</td>
              {manage ? (
                <td className="actions-col">
                  {member.userId === me.id ? null : (
                    <RemoveMemberForm
                      org={org.slug}
                      userId={member.userId}
                      label={label}
                      activeTokens={member.activeTokens}
                    />
                  )}
                </td>
              ) : null}
            </tr>
          );
        }}
      </ListTable>

      {manage ? (
        <div className="card">
          <h2>Invite someone</h2>
          <p className="muted">
            Levelfield does not send email: you get a link to pass on. The person opens it while signed in
            with the invited address (or signs up with it) to join.
          </p>
          <InviteForm org={org.slug} />
        </div>
      ) : null}

      <div className="stack-sm">
        <h2>Pending invitations</h2>
        <ListTable
          label="Pending invitations"
          headings={[
            'Email',
            'Role',
            'Invited by',
            'Expires',
            manage && { label: 'Revoke', className: 'actions-col' },
          ]}
          rows={invitations}
          empty={<p className="muted">No pending invitations.</p>}
        >
          {(invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.email}</td>
              <td>
                <span className={`role role-${invitation.role}`}>{invitation.role}</span>
              </td>
              <td>{invitation.invitedBy?.name ?? invitation.invitedBy?.email ?? '—'}</td>
              <td>{formatUtcDate(invitation.expiresAt)}</td>
              {manage ? (
                <td className="actions-col">
                  <RevokeInvitationForm
                    org={org.slug}
                    invitationId={invitation.id}
                    email={invitation.email}
                  />
                </td>
              ) : null}
            </tr>
          )}
        </ListTable>
      </div>
    </section>
  );
}
