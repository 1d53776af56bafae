// POST /api/v1/projects/{org}/{project}/comparisons: a comparison from a script or CI job
// ({ slug, title, entries: [{ label, runIds }], baseline?, subject?, leveledFrom? }). A token
// compares its own project's runs; the answer links the comparison and its REST read.
import { saveComparison } from '~/server/comparisons/create';
import { db } from '~/server/db';
import { parseJson, readBody } from '~/server/rest/http';
import { siteOrigin } from '~/server/site';
import { projectWrite } from '../write';

export const dynamic = 'force-dynamic';

export const POST = projectWrite(async (request, access) => {
  const body = parseJson(await readBody(request, 1_000_000));
  const { slug } = await saveComparison(db(), access, body as never);
  const origin = await siteOrigin();
  return Response.json(
    { slug, url: `${origin}/c/${slug}`, api: `${origin}/api/v1/comparisons/${slug}` },
    { status: 201 },
  );
});
