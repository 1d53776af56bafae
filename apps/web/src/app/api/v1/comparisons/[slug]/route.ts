import { AppError } from '@levelfield/contracts/errors';
import { readComparison } from '~/server/comparisons/rest';
import { db } from '~/server/db';
import { errorResponse } from '~/server/rest/http';
import { credentialOf } from '../../credential';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  try {
    const { slug } = await params;
    const credential = await credentialOf(request, 'read');
    const json = slug.length <= 100 ? await readComparison(db(), slug, credential) : null;
    if (!json)
      throw new AppError(
        'COMPARISON_NOT_FOUND',
        `no comparison ${slug} that these credentials may read: check the slug, sign in, or pass a token of the comparison's project with the read scope`,
      );
    return Response.json(json, { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
}
