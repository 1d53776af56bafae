import Link from 'next/link';
import { auth } from '~/server/auth';

// One answer for "does not exist" and "not yours": private projects and organizations must not
// be confirmed to outsiders.
export default async function OrgNotFound() {
  const signedIn = Boolean((await auth())?.user);
  return (
    <section className="auth-card not-found">
      <p className="code">404</p>
      <h1>Page not found</h1>
      <p className="muted">
        There is nothing here, or it belongs to an organization you are not a member of. Check the address, or
        ask an owner of the organization to invite you.
      </p>
      {signedIn ? (
        <Link href="/orgs" className="button">
          Your organizations
        </Link>
      ) : (
        <Link href="/signin" className="button primary">
          Sign in
        </Link>
      )}
    </section>
  );
}
