// The tRPC endpoint. Bodies are bounded before tRPC reads them (its fetch adapter would buffer
// any size): a declared Content-Length past the limit is refused before a byte is read, a
// streamed body as soon as it passes it.
import { AppError } from '@levelfield/contracts/errors';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { withBoundedBody } from '~/server/rest/http';
import { appRouter, createContext } from '~/server/root';

/**
 * The refusal in tRPC's error envelope with the data every other error has (server/trpc.ts), so
 * the client shows its message like any other.
 */
function tooLarge(error: AppError): Response {
  return Response.json(
    {
      error: {
        json: { message: error.message, code: -32600, data: { code: error.code, httpStatus: error.status } },
      },
    },
    { status: error.status },
  );
}

async function handler(request: Request): Promise<Response> {
  let req: Request;
  try {
    req = await withBoundedBody(request);
  } catch (error) {
    if (error instanceof AppError && error.code === 'BODY_TOO_LARGE') return tooLarge(error);
    throw error;
  }
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext,
    // What the client is told of an unexpected error is masked (trpc.ts); the details go to the log.
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path ?? '?'}:`, error.cause ?? error);
    },
  });
}

export { handler as GET, handler as POST };
