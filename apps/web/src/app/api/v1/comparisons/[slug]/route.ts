import { TRPCError } from '@trpc/server';
import { auth } from '~/server/auth';
import { comparisonJson } from '~/server/comparisons/rest';
import { getComparison } from '~/server/comparisons/view';
import { db } from '~/server/db';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const session = await auth();
  try {
    if (slug.length > 100) throw new TRPCError({ code: 'NOT_FOUND' });
    const view = await getComparison(db(), session?.user?.id ?? null, slug);
    return Response.json(comparisonJson(view), { headers: { 'cache-control': 'private, no-store' } });
  } catch (error) {
    if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'UNAUTHORIZED'))
      return Response.json(
        {
          error: {
            code: 'COMPARISON_NOT_FOUND',
            message: `no comparison ${slug} that you may read: check the slug, or sign in for a private project's comparisons`,
          },
        },
        { status: 404 },
      );
    throw error;
  }
}
