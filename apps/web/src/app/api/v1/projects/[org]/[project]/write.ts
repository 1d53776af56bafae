// The frame of a project write route: who may write (a write token of the project or an
// editor's session), then the handler; every failure is answered as AppError JSON.
import { db } from '~/server/db';
import { errorResponse } from '~/server/rest/http';
import { type WriteAccess, writableProject } from '~/server/rest/write-access';
import { credentialOf } from '../../../credential';

type Params = { params: Promise<{ org: string; project: string }> };

export function projectWrite(handle: (request: Request, access: WriteAccess) => Promise<Response>) {
  return async (request: Request, { params }: Params): Promise<Response> => {
    try {
      const { org, project } = await params;
      return await handle(
        request,
        await writableProject(db(), org, project, await credentialOf(request, 'write')),
      );
    } catch (error) {
      return errorResponse(error);
    }
  };
}
