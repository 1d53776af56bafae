// Liveness with the database's state: 200 when PostgreSQL answers, 503 with the reason when not.
import { probeDatabase } from '@levelfield/db/health';
import { db } from '~/server/db';

export const dynamic = 'force-dynamic';

export async function GET() {
  const database = await probeDatabase(() => db().$queryRaw`SELECT 1`);
  const up = database.status === 'up';
  return Response.json(
    { status: up ? 'ok' : 'unavailable', service: 'web', database },
    { status: up ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
