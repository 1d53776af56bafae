// POST /api/v1/projects/{org}/{project}/comparisons: a comparison from a script or CI job
// ({ slug, title, entries: [{ label, runIds }], baseline?, subject?, leveledFrom? }). A token
// compares its own project's runs; the answer links the comparison and its REST read.
import { saveComparison } from '~/server/comparisons/create';
import { db } from '~/server/db';
import { errorResponse, parseJson, readBody } from '~/server/rest/http';
import { writableProject } from '~/server/rest/write-access';
import { siteOrigin } from '~/server/site';
import { credentialOf } from '../../../../credential';

export const dynamic = 'force-dynamic';

export async function POST(
  request: Request,
  { params }: { params: Promise<{ org: string; project: string }> },
) {
  try {
    const { org, project } = await params;
    const access = await writableProject(db(), org, project, await credentialOf(request));
    const body = parseJson(await readBody(request, 1_000_000));
    const { slug } = await saveComparison(db(), access, body as never);
    const origin = await siteOrigin();
    return Response.json(
      { slug, url: `${origin}/c/${slug}`, api: `${origin}/api/v1/comparisons/${slug}` },
      { status: 201 },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
