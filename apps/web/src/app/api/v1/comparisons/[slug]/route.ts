import { readComparison } from '~/server/comparisons/rest';
import { db } from '~/server/db';
import { credentialOf } from '../../credential';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const json = slug.length <= 100 ? await readComparison(db(), slug, await credentialOf(request)) : null;
  if (!json)
    return Response.json(
      {
        error: {
          code: 'COMPARISON_NOT_FOUND',
          message: `no comparison ${slug} that these credentials may read: check the slug, sign in, or pass a token of the comparison's project with the read scope`,
        },
      },
      { status: 404 },
    );
  return Response.json(json, { headers: { 'cache-control': 'private, no-store' } });
}
