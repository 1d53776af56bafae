// GET /api/v1/schemas/{name}.json: provenance, disclosure, published-result, comparison.
import { AppError } from '@levelfield/contracts/errors';
import { errorResponse } from '~/server/rest/http';
import { jsonSchema, SCHEMA_NAMES, type SchemaName } from '~/server/rest/schemas';

export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const name = (await params).name.replace(/\.json$/, '') as SchemaName;
  if (!SCHEMA_NAMES.includes(name))
    return errorResponse(
      new AppError('NOT_FOUND', `no schema ${name}: the schemas are ${SCHEMA_NAMES.join(', ')}`),
    );
  return Response.json(jsonSchema(name), {
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'public, max-age=300' },
  });
}
