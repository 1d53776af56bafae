// Starting a session from a server action (password sign-in, sign-up, password change).
import 'server-only';
import { cookies } from 'next/headers';
import { createSession } from '~/server/accounts/sessions';
import { SESSION_COOKIE } from '~/server/auth';
import { db } from '~/server/db';

export async function startSession(userId: string): Promise<void> {
  const { sessionToken, expires } = await createSession(db(), userId);
  (await cookies()).set(SESSION_COOKIE.name, sessionToken, { ...SESSION_COOKIE.options, expires });
}

/** Only same-site paths, so sign-in and sign-up cannot be used to redirect elsewhere. */
export function safeCallback(value: unknown, fallback = '/orgs'): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : fallback;
}
