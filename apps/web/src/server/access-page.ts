// Pages load through tRPC callers and the access checks, so they get the same checks as the API;
// this turns the access errors into responses: NOT_FOUND → the 404 page (private things do not
// exist for outsiders), UNAUTHENTICATED → sign in and come back.
import 'server-only';
import { appErrorOf } from '@levelfield/contracts/errors';
import { notFound, redirect } from 'next/navigation';

export async function guard<T>(load: Promise<T>, returnTo: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    const code = appErrorOf(error)?.code;
    if (code === 'NOT_FOUND') notFound();
    if (code === 'UNAUTHENTICATED') redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
    throw error;
  }
}
