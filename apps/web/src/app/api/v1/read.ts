// The frame of a REST read route: the credential first (an unusable token is refused whatever it
// asks for), then what the handler reads, as JSON no shared cache keeps, or the handler's
// NOT_FOUND error when it reads nothing; every failure is answered as AppError JSON.
import type { AppError } from '@levelfield/contracts/errors';
import type { ReadCredential } from '~/server/read-access';
import { errorResponse } from '~/server/rest/http';
import { credentialOf } from './credential';

export function restRead<P>(
  read: (params: P, credential: ReadCredential) => Promise<unknown | null>,
  notFound: (params: P) => AppError,
) {
  return async (request: Request, { params }: { params: Promise<P> }): Promise<Response> => {
    try {
      const credential = await credentialOf(request, 'read');
      const asked = await params;
      const found = await read(asked, credential);
      if (found === null) throw notFound(asked);
      return Response.json(found, { headers: { 'cache-control': 'private, no-store' } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
