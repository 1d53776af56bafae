// The credential of a REST read request: a bearer token when the request carries one (scripts),
// else the session cookie (a signed-in member), else anonymous. Shared by the /api/v1 routes.
import { auth } from '~/server/auth';
import type { ReadCredential } from '~/server/read-access';

export async function credentialOf(request: Request): Promise<ReadCredential> {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return { kind: 'token', token: header.slice('Bearer '.length).trim() };
  const session = await auth();
  return session?.user?.id ? { kind: 'session', userId: session.user.id } : { kind: 'anonymous' };
}
