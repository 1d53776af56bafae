import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { parseRunsQuery, runsQueryToSearch } from '~/lib/runs-query';
import { auth } from '~/server/auth';
import { serverCaller } from '~/server/root';
import { RunsExplorer } from './explorer';

export const metadata: Metadata = { title: 'Runs' };
export const dynamic = 'force-dynamic';

export default async function RunsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = parseRunsQuery(await searchParams);
  const session = await auth();
  if (!session?.user)
    redirect(`/signin?callbackUrl=${encodeURIComponent(`/runs${runsQueryToSearch(query)}`)}`);
  const data = await (await serverCaller()).runs.list(query);
  return (
    <section>
      <div className="page-head">
        <h1>Runs</h1>
        <p className="muted">Every run you can see, newest first. Select two or more to compare them.</p>
      </div>
      <RunsExplorer data={data} query={query} />
    </section>
  );
}
