// A project's outgoing webhooks and their delivery log (editors and owners): where regression
// alerts go, how each delivery went, attempt by attempt.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ListTable } from '~/components/table/list-table';
import { formatUtc } from '~/lib/format';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { CreateWebhookForm, DeleteWebhookForm } from './WebhookForms';

export const dynamic = 'force-dynamic';

type Params = Promise<{ org: string; project: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { org, project } = await params;
  return { title: `Webhooks · ${org}/${project}` };
}

export default async function WebhooksPage({ params }: { params: Params }) {
  const { org, project: slug } = await params;
  const back = `/orgs/${org}/projects/${slug}/webhooks`;
  const caller = await serverCaller();
  const project = await guard(caller.projects.get({ org, project: slug }), back);
  const base = `/orgs/${project.organization.slug}/projects/${project.slug}`;
  if (!project.can.manageTokens)
    return (
      <section className="narrow stack">
        <h1>Webhooks</h1>
        <p className="alert" role="alert">
          Only editors and owners of {project.organization.name} see and manage this project’s webhooks.
        </p>
        <Link href={base}>Back to {project.name}</Link>
      </section>
    );
  const webhooks = await guard(caller.history.webhooks({ org, project: slug }), back);
  return (
    <section className="stack">
      <header className="section-head">
        <p className="crumbs">
          <Link href={`/orgs/${project.organization.slug}`}>{project.organization.name}</Link> /{' '}
          <Link href={base}>{project.name}</Link> /
        </p>
        <h1>Webhooks</h1>
        <p className="muted">
          A regression confirmed on a history, or found by a CI check on a run of the baseline branch, is
          POSTed to every webhook, signed (Levelfield-Timestamp and Levelfield-Signature: HMAC-SHA256 of
          “timestamp.body”), and tried up to 4 times (2 s, 8 s and 32 s apart) while the receiver fails.
        </p>
      </header>
      <div className="card">
        <h2>Add a webhook</h2>
        <CreateWebhookForm org={project.organization.slug} project={project.slug} />
      </div>
      {webhooks.length === 0 ? (
        <p className="empty">No webhooks yet.</p>
      ) : (
        webhooks.map((webhook) => (
          <section key={webhook.id} className="card stack-sm" data-webhook={webhook.url}>
            <div className="title-row">
              <h2 className="mono small">{webhook.url}</h2>
              <span className="tag">{webhook.format}</span>
              <DeleteWebhookForm org={project.organization.slug} project={project.slug} id={webhook.id} />
            </div>
            <p className="muted small">
              Added {formatUtc(webhook.createdAt)}
              {webhook.createdBy ? ` by ${webhook.createdBy.name ?? webhook.createdBy.email}` : ''}
            </p>
            <ListTable
              label={`Deliveries to ${webhook.url}`}
              headings={['Event', 'Status', { label: 'Attempts', className: 'num' }, 'Last answer', 'Sent']}
              rows={webhook.deliveries}
              empty={<p className="muted">Nothing sent yet.</p>}
            >
              {(d) => (
                <tr key={d.id}>
                  <td>{d.event}</td>
                  <td>
                    <span
                      className={`status status-${d.status === 'delivered' ? 'succeeded' : d.status === 'failed' ? 'failed' : 'running'}`}
                    >
                      {d.status}
                    </span>
                  </td>
                  <td className="num">{d.attempts}</td>
                  <td className="small">
                    {d.error ?? (d.responseStatus ? `HTTP ${d.responseStatus}` : '—')}
                  </td>
                  <td className="small">{formatUtc(d.lastAttemptAt ?? d.createdAt)}</td>
                </tr>
              )}
            </ListTable>
          </section>
        ))
      )}
    </section>
  );
}
