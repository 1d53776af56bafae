// GET /api/v1/openapi.json: the REST API for scripts and CI jobs.
import { openApiDocument } from '~/server/rest/openapi';

export function GET() {
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } });
}
