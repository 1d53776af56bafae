import { PASSWORD_MIN_LENGTH } from '@levelfield/db/passwords';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ListTable } from '~/components/table/list-table';
import { formatUtcDate } from '~/lib/format';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { PasswordForm, ProfileForm } from './AccountForms';

export const metadata: Metadata = { title: 'Account' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const me = await guard((await serverCaller()).account.me(), '/account');
  return (
    <section className="stack">
      <header className="section-head">
        <h1>Your account</h1>
        <p className="muted">
          Signed in as <strong>{me.email}</strong>
          {me.providers.length ? ` · linked: ${me.providers.join(', ')}` : ''} · since{' '}
          {formatUtcDate(me.createdAt)}
        </p>
      </header>
      <div className="two-up">
        <div className="card">
          <h2>Profile</h2>
          <ProfileForm name={me.name ?? ''} />
        </div>
        <div className="card">
          <h2>Password</h2>
          <PasswordForm hasPassword={me.hasPassword} minPassword={PASSWORD_MIN_LENGTH} />
        </div>
      </div>
      <div className="stack-sm">
        <h2>Organizations</h2>
        <ListTable label="Your memberships" headings={['Organization', 'Your role']} rows={me.memberships}>
          {(m) => (
            <tr key={m.organization.slug}>
              <td className="name">
                <Link href={`/orgs/${m.organization.slug}`}>{m.organization.name}</Link>
              </td>
              <td>
                <span className={`role role-${m.role}`}>{m.role}</span>
              </td>
            </tr>
          )}
        </ListTable>
      </div>
    </section>
  );
}
