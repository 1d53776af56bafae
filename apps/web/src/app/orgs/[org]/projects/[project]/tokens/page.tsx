import { expiredProblem } from '@levelfield/db/tokens';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ProjectHeader } from '~/components/orgs/ProjectHeader';
import { ListTable } from '~/components/table/list-table';
import { formatUtc } from '~/lib/format';
import { TOKEN_SCOPES } from '~/lib/schemas/projects';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { SCOPE_DESCRIPTIONS } from '~/server/tokens/tokens';
import { CreateTokenForm, RevokeTokenForm } from './TokenForms';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string; project: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { org, project } = await params;
  return { title: `API tokens · ${org}/${project}` };
}

export default async function TokensPage({ params }: { params: Params }) {
  const { org, project: slug } = await params;
  const back = `/orgs/${org}/projects/${slug}/tokens`;
  const caller = await serverCaller();
  const project = await guard(caller.projects.get({ org, project: slug }), back);
  if (!project.role) {
    // A public project seen by someone outside its organization: tokens are members' business.
    return (
      <section className="narrow stack">
        <h1>API tokens</h1>
        <p className="alert" role="alert">
          Only members of {project.organization.name} can see this project's API tokens. Ask an owner to
          invite you.
        </p>
        <Link href={`/orgs/${org}/projects/${slug}`}>Back to {project.name}</Link>
      </section>
    );
  }
  const tokens = await guard(caller.tokens.list({ org, project: slug }), back);
  const manage = project.can.manageTokens;
  return (
    <section className="stack">
      <ProjectHeader project={project} active="tokens" />

      {manage ? (
        <div className="card">
          <h2>Create an API token</h2>
          <p className="muted">
            Tokens let levelfield-agent and scripts act for this project. Give each machine or pipeline its
            own, so you can revoke one without stopping the others.
          </p>
          <CreateTokenForm
            org={project.organization.slug}
            project={project.slug}
            scopes={TOKEN_SCOPES.map((id) => ({ id, description: SCOPE_DESCRIPTIONS[id] }))}
          />
        </div>
      ) : (
        <p className="notice" role="note">
          You are {project.role === 'editor' ? 'an' : 'a'} {project.role} in {project.organization.slug}: only
          editors and owners can create or revoke API tokens. Ask an owner if you need one.
        </p>
      )}

      <div className="stack-sm">
        <h2>Tokens</h2>
        <ListTable
          label="API tokens"
          headings={[
            'Name',
            'Token',
            'Scopes',
            'Created',
            'Last used',
            'Status',
            manage && { label: 'Revoke', className: 'actions-col' },
          ]}
          rows={tokens}
          empty={<p className="empty">No tokens yet.</p>}
        >
          {(token) => {
            const expired = !token.revokedAt && expiredProblem(token) !== undefined;
            return (
              <tr
                key={token.id}
                data-token={token.name}
                className={token.revokedAt || expired ? 'revoked' : undefined}
              >
                <td className="name">{token.name}</td>
                <td className="mono">{token.prefix}…</td>
                <td>
                  <span className="labels">
                    {token.scopes.map((scope) => (
                      <span key={scope} className="tag">
                        {scope}
                      </span>
                    ))}
                  </span>
                </td>
                <td>
                  {formatUtc(token.createdAt)}
                  {token.createdBy ? (
                    <div className="muted small">by {token.createdBy.name ?? token.createdBy.email}</div>
                  ) : null}
                </td>
                <td>
                  {token.lastUsedAt ? formatUtc(token.lastUsedAt) : <span className="muted">never</span>}
                </td>
                <td>
                  {token.revokedAt ? (
                    <span className="token-state revoked">revoked {formatUtc(token.revokedAt)}</span>
                  ) : expired ? (
                    <span className="token-state revoked">expired {formatUtc(token.expiresAt)}</span>
                  ) : (
                    <span className="token-state active">
                      active
                      {token.expiresAt ? (
                        <div className="muted small">until {formatUtc(token.expiresAt)}</div>
                      ) : null}
                    </span>
                  )}
                </td>
                {manage ? (
                  <td className="actions-col">
                    {token.revokedAt ? null : (
                      <RevokeTokenForm
                        org={project.organization.slug}
                        project={project.slug}
                        tokenId={token.id}
                        name={token.name}
                      />
                    )}
                  </td>
                ) : null}
              </tr>
            );
          }}
        </ListTable>
      </div>
    </section>
  );
}
