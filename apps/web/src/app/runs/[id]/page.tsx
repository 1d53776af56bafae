import { signLiveToken } from '@levelfield/contracts/live-token';
import type { Metadata } from 'next';
import { cache } from 'react';
import { DisclosurePanel } from '~/components/provenance/disclosure-panel';
import { ProvenancePanel } from '~/components/provenance/provenance-panel';
import { isPublishedRun, runDurationMs } from '~/components/table/run-duration';
import { RunStatusBadge, RunWhen } from '~/components/table/run-status';
import { env } from '~/env';
import { formatCount, formatDuration } from '~/lib/format';
import { packTimeline } from '~/lib/packed-timeline';
import { pgbenchScriptNames } from '~/lib/series-name';
import { measuresThroughput } from '~/lib/throughput';
import { guard } from '~/server/access-page';
import { viewerId as currentViewer } from '~/server/auth';
import { db } from '~/server/db';
import { historyOfRun } from '~/server/history/list';
import { getRunDetail, type RunDetail } from '~/server/runs/detail';
import { loadRange, loadTimelines } from '~/server/runs/timeline';
import { TRPCReactProvider } from '~/trpc/react';
import { ElapsedClock } from './elapsed-clock';
import { PrintedFigures } from './printed-figures';
import { RunCharts } from './run-charts';
import { UsedIn } from './used-in';

/** Stored intervals that do not decode are shown from their stored figures only; say so. */
function DamagedNotice({
  timelines,
  range,
}: {
  timelines: { damaged?: number }[];
  range: { damaged?: number }[];
}) {
  const frames = timelines.reduce((n, t) => n + (t.damaged ?? 0), 0);
  const merged = range.reduce((n, r) => n + (r.damaged ?? 0), 0);
  if (frames + merged === 0) return null;
  return (
    <p className="notice" role="alert" data-testid="damaged">
      {Math.max(frames, merged)} stored histogram{Math.max(frames, merged) === 1 ? '' : 's'} of this run do
      not decode (damaged in storage). They are left out of the heatmap, the whole-run percentiles and the
      spectrum; the time lines still show each interval's stored percentiles.
    </p>
  );
}

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

const loadRun = cache(async (id: string) => {
  const viewerId = await currentViewer();
  return { viewerId, run: await guard(getRunDetail(db(), viewerId, id), `/runs/${id}`) };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { run } = await loadRun((await params).id);
  return { title: run.name };
}

/** Where the browser subscribes; private runs get a 15-minute token the ingest API can verify. */
function liveSubscription(run: RunDetail, viewerId: string | null) {
  if (run.status !== 'running') return null;
  const url = `${env().LEVELFIELD_INGEST_URL}/v1/runs/${run.id}/live`;
  if (run.project.visibility === 'public' || !viewerId) return { url, token: null };
  const secret = env().LEVELFIELD_LIVE_TOKEN_SECRET;
  return secret
    ? {
        url,
        token: signLiveToken(
          { runId: run.id, userId: viewerId, expiresAt: Date.now() + 15 * 60_000 },
          secret,
        ),
      }
    : null;
}

export default async function RunPage({ params }: Params) {
  const { id } = await params;
  const { run, viewerId } = await loadRun(id);
  const live = run.status === 'running';
  const [timelines, range, historyId] = await Promise.all([
    loadTimelines(db(), run.id, { live, deferHeatmaps: !live }),
    loadRange(db(), run.id, {}),
    // Finished measured runs have a history (server/history); published numbers do not.
    run.status === 'succeeded' && !isPublishedRun(run) ? historyOfRun(db(), viewerId, run.id) : null,
  ]);
  return (
    <article className="run-page">
      <header className="run-head">
        <div>
          <p className="crumbs muted">
            {run.project.organization}/{run.project.slug} · {run.system ?? 'unnamed system'}
            {run.systemVersion ? ` ${run.systemVersion}` : ''} · {run.benchmark}
            {run.benchmarkVersion ? ` ${run.benchmarkVersion}` : ''}
          </p>
          <h1>{run.name}</h1>
          <p className="meta">
            <RunStatusBadge run={run} />
            {run.framesQuarantined > 0 ? (
              <span
                className="tag warn"
                data-testid="frames-quarantined"
                title="The ingest API refused them; the agent keeps them in its quarantine, and levelfield-agent upload sends them again once the API takes them."
              >
                {formatCount(run.framesQuarantined)} frame{run.framesQuarantined === 1 ? '' : 's'} refused,
                kept by the agent
              </span>
            ) : null}
            {Object.keys(run.seriesFolded).length > 0 ? (
              <span
                className="tag"
                data-testid="series-folded"
                title="Tag sets beyond the agent's --max-series-per-metric went to one series tags=__other__; every sample is in the metric's series without labels."
              >
                tag sets folded:{' '}
                {Object.entries(run.seriesFolded)
                  .map(([metric, n]) => `${metric} ${formatCount(n)}`)
                  .join(', ')}
              </span>
            ) : null}
            <RunWhen run={run} prefix />
            {run.status === 'running' ? (
              <span>
                <ElapsedClock since={run.startedAt.getTime()} />
              </span>
            ) : isPublishedRun(run) ? null : (
              <span>{formatDuration(runDurationMs(run))}</span>
            )}
            {run.exitCode !== null ? <span>exit code {run.exitCode}</span> : null}
            {run.warmupMs > 0 ? (
              <span>warm-up {formatDuration(run.warmupMs)} (left out of summaries)</span>
            ) : null}
            {Object.entries(run.labels).map(([k, v]) => (
              <span key={k} className="tag">
                {k}={v}
              </span>
            ))}
          </p>
        </div>
        <nav className="downloads" aria-label="Downloads">
          {historyId ? (
            <a className="button" href={`/h/${historyId}`}>
              History
            </a>
          ) : null}
          {run.can.edit ? (
            <a className="button primary" href={`/runs/${run.id}/edit`}>
              Edit declared values
            </a>
          ) : null}
          <a className="button" href={`/runs/${run.id}/download/summary.csv`} download>
            Summary CSV
          </a>
          <a className="button" href={`/runs/${run.id}/download/run.json`} download>
            Run JSON
          </a>
          {timelines
            .filter((s) => s.kind === 'latency')
            .map((s) => (
              <a
                key={s.seriesId}
                className="button"
                href={`/runs/${run.id}/download/series/${s.seriesId}.hlog`}
                download
              >
                {s.name} .hlog
              </a>
            ))}
        </nav>
      </header>
      <DamagedNotice timelines={timelines} range={range} />
      <TRPCReactProvider>
        <RunCharts
          runId={run.id}
          timelines={timelines.map(packTimeline)}
          initialRange={range}
          live={liveSubscription(run, viewerId)}
          status={run.status}
          throughput={measuresThroughput(run.provenance)}
          tagValueNames={run.benchmark === 'pgbench' ? pgbenchScriptNames(run.provenance) : {}}
        />
      </TRPCReactProvider>
      <PrintedFigures runId={run.id} />
      <div className="two-col">
        <section className="panel">
          <h2>Provenance</h2>
          <ProvenancePanel provenance={run.provenance} published={run.source === 'published'} />
        </section>
        <section className="panel">
          <h2>Disclosure</h2>
          <DisclosurePanel disclosure={run.disclosure} />
        </section>
      </div>
      {run.usedIn ? <UsedIn uses={run.usedIn} /> : null}
    </article>
  );
}
