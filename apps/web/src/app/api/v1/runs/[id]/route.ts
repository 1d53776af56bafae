import { auth } from '~/server/auth';
import { db } from '~/server/db';
import { type ReadCredential, readRun } from '~/server/runs/read-api';

export const dynamic = 'force-dynamic';

async function credentialOf(request: Request): Promise<ReadCredential> {
  const header = request.headers.get('authorization');
  if (header?.startsWith('Bearer ')) return { kind: 'token', token: header.slice('Bearer '.length).trim() };
  const session = await auth();
  return session?.user?.id ? { kind: 'session', userId: session.user.id } : { kind: 'anonymous' };
}

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const run = id.length <= 64 ? await readRun(db(), id, await credentialOf(request)) : null;
  if (!run) {
    return Response.json(
      {
        error: {
          code: 'RUN_NOT_FOUND',
          message: `no run ${id} that these credentials may read: check the id, sign in, or pass a project token with the read scope`,
        },
      },
      { status: 404 },
    );
  }
  return Response.json(run, { headers: { 'cache-control': 'private, no-store' } });
}
