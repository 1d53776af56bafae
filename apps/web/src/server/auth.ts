// Auth.js (NextAuth v5): email + password for self-hosting; GitHub and a generic OIDC provider
// when their environment variables are set.
import 'server-only';
import { verifyPassword } from '@levelfield/db/passwords';
import NextAuth, { type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import { z } from 'zod';
import { db } from '~/server/db';

const SignInInput = z.object({ email: z.email().max(320), password: z.string().min(1).max(1024) });

function providers(): NextAuthConfig['providers'] {
  const list: NextAuthConfig['providers'] = [
    Credentials({
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      authorize: async (raw) => {
        const parsed = SignInInput.safeParse(raw);
        if (!parsed.success) return null;
        const user = await db().user.findUnique({ where: { email: parsed.data.email.toLowerCase() } });
        if (!user?.passwordHash || !(await verifyPassword(parsed.data.password, user.passwordHash)))
          return null;
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  if (process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET) list.push(GitHub);
  if (process.env.AUTH_OIDC_ISSUER && process.env.AUTH_OIDC_ID) {
    list.push({
      id: 'oidc',
      name: process.env.AUTH_OIDC_NAME ?? 'Single sign-on',
      type: 'oidc',
      issuer: process.env.AUTH_OIDC_ISSUER,
      clientId: process.env.AUTH_OIDC_ID,
      clientSecret: process.env.AUTH_OIDC_SECRET,
    });
  }
  return list;
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  providers: providers(),
  session: { strategy: 'jwt' },
  pages: { signIn: '/signin' },
  trustHost: true,
  callbacks: {
    session: ({ session, token }) => {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});

/** The signed-in user's id, or null for an anonymous visitor. */
export async function viewerId(): Promise<string | null> {
  const session = await auth();
  return session?.user?.id ?? null;
}
