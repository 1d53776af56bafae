import { AppError } from '@levelfield/contracts/errors';
import { readComparison } from '~/server/comparisons/rest';
import { db } from '~/server/db';
import { restRead } from '../../read';

export const dynamic = 'force-dynamic';

export const GET = restRead<{ slug: string }>(
  ({ slug }, credential) =>
    slug.length <= 100 ? readComparison(db(), slug, credential) : Promise.resolve(null),
  ({ slug }) =>
    new AppError(
      'COMPARISON_NOT_FOUND',
      `no comparison ${slug} that these credentials may read: check the slug, sign in, or pass a token of the comparison's project with the read scope`,
    ),
);
