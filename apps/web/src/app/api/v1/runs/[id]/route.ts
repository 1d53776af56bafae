import { AppError } from '@levelfield/contracts/errors';
import { db } from '~/server/db';
import { readRun } from '~/server/runs/read-api';
import { restRead } from '../../read';

export const dynamic = 'force-dynamic';

export const GET = restRead<{ id: string }>(
  ({ id }, credential) => (id.length <= 64 ? readRun(db(), id, credential) : Promise.resolve(null)),
  ({ id }) =>
    new AppError(
      'RUN_NOT_FOUND',
      `no run ${id} that these credentials may read: check the id, sign in, or pass a project token with the read scope`,
    ),
);
