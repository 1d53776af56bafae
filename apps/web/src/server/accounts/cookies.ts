// Starting a session from a server action (password sign-in, password change).
import 'server-only';
import { cookies } from 'next/headers';
import { createSession } from '~/server/accounts/sessions';
import { SESSION_COOKIE } from '~/server/auth';
import { db } from '~/server/db';

export async function startSession(userId: string): Promise<void> {
  const { sessionToken, expires } = await createSession(db(), userId);
  (await cookies()).set(SESSION_COOKIE.name, sessionToken, { ...SESSION_COOKIE.options, expires });
}
