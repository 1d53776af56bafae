// POST /api/v1/projects/{org}/{project}/published: published results from a script or CI job —
// the body is the JSON of published.import (one result or an array) or, as text/csv, its CSV.
// All or nothing; a result stored before is answered with its run (existing: true).
import { AppError } from '@levelfield/contracts/errors';
import { db } from '~/server/db';
import { importPublished } from '~/server/published/import';
import { readBody } from '~/server/rest/http';
import { projectWrite } from '../write';

export const dynamic = 'force-dynamic';

export const POST = projectWrite(async (request, access) => {
  const type = (request.headers.get('content-type') ?? 'application/json').split(';')[0]?.trim() ?? '';
  if (type !== 'application/json' && type !== 'text/csv')
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `send application/json (published results) or text/csv, not ${type}`,
    );
  const text = await readBody(request);
  const outcome = await importPublished(
    db(),
    { projectId: access.projectId, createdById: access.userId },
    { format: type === 'text/csv' ? 'csv' : 'json', text },
  );
  if (outcome.status === 'invalid')
    throw new AppError(
      'VALIDATION_FAILED',
      `nothing was stored: ${outcome.errors.length} problem${outcome.errors.length === 1 ? '' : 's'} (see details); the first: ${outcome.errors[0]?.field}: ${outcome.errors[0]?.message}`,
      undefined,
      outcome.errors,
    );
  const created = outcome.runs.some((r) => !r.existing);
  return Response.json({ runs: outcome.runs, warnings: outcome.warnings }, { status: created ? 201 : 200 });
});
