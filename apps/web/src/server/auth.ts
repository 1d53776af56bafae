// Auth.js (NextAuth v5) with sessions in PostgreSQL. Email + password sign-in is ours
// (~/server/accounts: Auth.js's credentials provider only issues JWTs): it checks the scrypt
// hash and creates the session row and cookie itself. GitHub and a generic OIDC provider are
// switched on by their environment variables and go through Auth.js with the same adapter, so
// every session — whatever the sign-in — is a row Auth.js reads, refreshes and deletes.
import 'server-only';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import GitHub from 'next-auth/providers/github';
import { envVar } from '~/env';
import { levelfieldAdapter } from '~/server/accounts/adapter';
import { safeCallbackPath } from '~/server/accounts/callback';
import {
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  sessionCookie,
} from '~/server/accounts/sessions';
import { db } from '~/server/db';

/** OAuth providers whose environment variables are set, for the sign-in page's buttons. */
export function oauthProviders(): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = [];
  if (envVar('AUTH_GITHUB_ID') && envVar('AUTH_GITHUB_SECRET')) list.push({ id: 'github', name: 'GitHub' });
  if (envVar('AUTH_OIDC_ISSUER') && envVar('AUTH_OIDC_ID')) {
    list.push({ id: 'oidc', name: envVar('AUTH_OIDC_NAME') ?? 'Single sign-on' });
  }
  return list;
}

function providers(): NextAuthConfig['providers'] {
  const list: NextAuthConfig['providers'] = [];
  for (const { id, name } of oauthProviders()) {
    if (id === 'github') list.push(GitHub);
    if (id === 'oidc') {
      list.push({
        id: 'oidc',
        name,
        type: 'oidc',
        issuer: envVar('AUTH_OIDC_ISSUER'),
        clientId: envVar('AUTH_OIDC_ID'),
        clientSecret: envVar('AUTH_OIDC_SECRET'),
      });
    }
  }
  return list;
}

/** The cookie both Auth.js and our password sign-in use. */
export const SESSION_COOKIE = sessionCookie(envVar('AUTH_URL'));

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: levelfieldAdapter(db),
  providers: providers(),
  session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
  cookies: { sessionToken: SESSION_COOKIE },
  // OAuth errors (e.g. OAuthAccountNotLinked) come back to the sign-in page as ?error=…
  pages: { signIn: '/signin', error: '/signin' },
  trustHost: true,
  callbacks: {
    // Every redirect Auth.js makes (after OAuth sign-in, after sign-out) stays on this site.
    redirect: ({ url, baseUrl }) => new URL(safeCallbackPath(url, baseUrl), baseUrl).href,
    // Only what pages need: never the session token or anything else from the rows.
    session: ({ session, user }) => ({
      expires: session.expires,
      user: { id: user.id, email: user.email, name: user.name ?? null, image: user.image ?? null },
    }),
  },
});

/** The signed-in user's id, or null for an anonymous visitor. */
export async function viewerId(): Promise<string | null> {
  const session = await auth();
  return session?.user?.id ?? null;
}
