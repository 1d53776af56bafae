// Pages load through tRPC callers, so they get the same checks as the API; this turns the
// access errors into responses: NOT_FOUND → the 404 page (private things do not exist for
// outsiders), UNAUTHORIZED → sign in and come back.
import 'server-only';
import { TRPCError } from '@trpc/server';
import { notFound, redirect } from 'next/navigation';

export async function guard<T>(load: Promise<T>, returnTo: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof TRPCError) {
      if (error.code === 'NOT_FOUND') notFound();
      if (error.code === 'UNAUTHORIZED') redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
    }
    throw error;
  }
}
