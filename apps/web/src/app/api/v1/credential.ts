// The credential of a REST request: a bearer token when the request carries one (scripts), else
// the session cookie (a signed-in member), else anonymous. Shared by the /api/v1 routes. A token
// that cannot be used for the request's scope (unknown, revoked, expired, without the scope) is
// refused here, before the route looks up what it asks for: a CI job whose token expired is told
// so, not that its run does not exist.

import { auth } from '~/server/auth';
import { db } from '~/server/db';
import type { ReadCredential } from '~/server/read-access';
import { type TokenScope, usableToken } from '~/server/rest/usable-token';

export async function credentialOf(request: Request, scope: TokenScope): Promise<ReadCredential> {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    return { kind: 'token', token, projectId: await usableToken(db(), token, scope) };
  }
  const session = await auth();
  return session?.user?.id ? { kind: 'session', userId: session.user.id } : { kind: 'anonymous' };
}
