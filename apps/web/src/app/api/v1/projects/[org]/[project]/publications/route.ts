// POST /api/v1/projects/{org}/{project}/publications: a whole publication from a script or CI
// job — its results (the published-results format) and the comparisons built from them, the
// format of seeds/. Everything is checked before anything is stored; loading it again finds the
// stored results and leaves existing comparisons alone.
import { AppError } from '@levelfield/contracts/errors';
import { db } from '~/server/db';
import { loadPublication, readPublication } from '~/server/published/publication';
import { parseJson, readBody } from '~/server/rest/http';
import { projectWrite } from '../write';

export const dynamic = 'force-dynamic';

export const POST = projectWrite(async (request, access) => {
  const read = readPublication(parseJson(await readBody(request, 5_000_000)));
  if ('errors' in read)
    throw new AppError(
      'VALIDATION_FAILED',
      `nothing was stored: ${read.errors.length} problem${read.errors.length === 1 ? '' : 's'} (see details); the first: ${read.errors[0]?.field}: ${read.errors[0]?.message}`,
      undefined,
      read.errors,
    );
  const loaded = await loadPublication(db(), access, read);
  const created = loaded.created.length > 0 || loaded.runs.some((r) => !r.existing);
  return Response.json(loaded, { status: created ? 201 : 200 });
});
