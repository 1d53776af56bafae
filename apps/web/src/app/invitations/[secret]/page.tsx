import { appErrorOf } from '@levelfield/contracts/errors';
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatUtcDate } from '~/lib/format';
import { auth } from '~/server/auth';
import { serverCaller } from '~/server/root';
import { AcceptForm } from './AcceptForm';
import { signOutToInvitation } from './actions';

// The secret is in the path: keep it out of Referer headers and search engines.
export const metadata: Metadata = { title: 'Invitation', robots: { index: false }, referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function InvitationPage({ params }: { params: Promise<{ secret: string }> }) {
  const { secret } = await params;
  // The secret is the credential here: whoever holds the link may see what it is for.
  const invitation = await (await serverCaller()).invitations.describe({ secret }).catch((error: unknown) => {
    const code = appErrorOf(error)?.code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST' || code === 'VALIDATION_FAILED') return null;
    throw error;
  });
  const session = await auth();
  const here = `/invitations/${secret}`;

  if (!invitation) {
    return (
      <section className="auth-card">
        <h1>Invitation not found</h1>
        <p className="alert" role="alert">
          This invitation link is not valid. Check that you copied all of it, or ask an owner of the
          organization for a new one.
        </p>
      </section>
    );
  }
  const org = invitation.organization;
  if (invitation.state === 'accepted') {
    return (
      <section className="auth-card">
        <h1>Invitation already used</h1>
        <p className="alert" role="alert">
          This invitation to {org.name} was already accepted on {formatUtcDate(invitation.acceptedAt!)}. Each
          link works once; ask an owner of {org.name} for a new one if you still need to join.
        </p>
        {session?.user ? <Link href={`/orgs/${org.slug}`}>Go to {org.name}</Link> : null}
      </section>
    );
  }
  if (invitation.state === 'expired') {
    return (
      <section className="auth-card">
        <h1>Invitation expired</h1>
        <p className="alert" role="alert">
          This invitation to {org.name} expired on {formatUtcDate(invitation.expiresAt)}. Ask an owner of{' '}
          {org.name} to invite you again.
        </p>
      </section>
    );
  }

  const inviter = invitation.invitedBy?.name ?? invitation.invitedBy?.email;
  const email = session?.user?.email?.toLowerCase();
  return (
    <section className="auth-card">
      <h1>Join {org.name}</h1>
      <p>
        {inviter ? `${inviter} invited ` : 'You are invited as '}
        <strong>{invitation.email}</strong> to join <strong>{org.name}</strong> as{' '}
        <span className={`role role-${invitation.role}`}>{invitation.role}</span>.
      </p>
      <p className="muted small">The link works until {formatUtcDate(invitation.expiresAt)}.</p>
      {!email ? (
        <div className="stack-sm">
          <Link
            className="button primary wide"
            href={`/signup?callbackUrl=${encodeURIComponent(here)}&email=${encodeURIComponent(invitation.email)}`}
          >
            Create an account as {invitation.email}
          </Link>
          <Link
            className="button wide"
            href={`/signin?callbackUrl=${encodeURIComponent(here)}&email=${encodeURIComponent(invitation.email)}`}
          >
            I have an account: sign in
          </Link>
        </div>
      ) : email === invitation.email.toLowerCase() ? (
        <AcceptForm secret={secret} orgName={org.name} />
      ) : (
        <div className="stack-sm">
          <p className="alert" role="alert">
            This invitation is for {invitation.email}, but you are signed in as {session?.user?.email}. Sign
            out, then sign in or sign up as {invitation.email}.
          </p>
          <form action={signOutToInvitation}>
            <input type="hidden" name="secret" value={secret} />
            <button type="submit" className="button wide">
              Sign out and continue as {invitation.email}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
