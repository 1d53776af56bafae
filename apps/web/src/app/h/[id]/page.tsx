// A history: one line of runs that should measure the same thing (lib/history-key.ts), with
// p50, p99 and throughput of one series over commits or time, the repetitions' spread, the
// changes E-Divisive means finds along it, and what people decided about them.
import type { Metadata } from 'next';
import Link from 'next/link';
import { formatLatency, formatRate, toMillis } from '~/lib/format';
import type { HistoryAxis } from '~/lib/history-chart';
import { seriesLabel } from '~/lib/history-points';
import { guard } from '~/server/access-page';
import { serverCaller } from '~/server/root';
import { TRPCReactProvider } from '~/trpc/react';
import { HistoryBody } from './history-body';
import { SettingsForm } from './settings-form';
import './history.css';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function load({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const series = typeof query.series === 'string' ? query.series : undefined;
  const axis: HistoryAxis = query.x === 'time' ? 'time' : 'commit';
  const view = await guard((await serverCaller()).history.get({ historyId: id, series }), `/h/${id}`);
  return { view, axis };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { view } = await load(props);
  return { title: `History: ${view.identity.benchmark}` };
}

/** The address of this page with one parameter changed. */
function hrefWith(id: string, series: string | null, axis: HistoryAxis) {
  const query = new URLSearchParams();
  if (series) query.set('series', series);
  if (axis === 'time') query.set('x', 'time');
  const text = query.toString();
  return `/h/${id}${text ? `?${text}` : ''}`;
}

export default async function HistoryPage(props: Props) {
  const { view, axis } = await load(props);
  const { identity, series } = view;
  const unit = series.unit ?? 'us';
  const latency = (v: number | undefined) => (v === undefined ? '—' : formatLatency(toMillis(unit, v)));
  const parameters = Object.entries(identity.parameters);
  return (
    <article className="history-page stack">
      <header className="history-head">
        <p className="crumbs muted">
          <Link href={`/orgs/${view.project.org}/projects/${view.project.slug}`}>
            {view.project.org}/{view.project.slug}
          </Link>{' '}
          · history
        </p>
        <h1>
          {identity.benchmark}
          {identity.system ? ` · ${identity.system}` : ''}
          {identity.branch ? ` · ${identity.branch}` : ''}
        </h1>
        <dl className="history-identity">
          <div>
            <dt>Parameters</dt>
            <dd>
              {parameters.length
                ? parameters.map(([k, v]) => `${k}=${v}`).join(', ')
                : 'none (no run labels)'}
            </dd>
          </div>
          {view.latestSetup ? (
            <div>
              <dt>Tool options</dt>
              <dd>
                {Object.entries(view.latestSetup)
                  .map(([k, v]) => `${k.replace(/^(client|workload\.parameters)\./, '')}=${v}`)
                  .join(', ')}{' '}
                <span className="muted">(the newest run’s; a grey line marks where they changed)</span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Testbed</dt>
            <dd>{view.testbed}</dd>
          </div>
          <div>
            <dt>Runs</dt>
            <dd>
              {view.runCount} in {view.points.length} points (a commit’s runs are repetitions)
            </dd>
          </div>
        </dl>
      </header>

      <section className="card history-controls" aria-label="What is drawn">
        <form method="get" className="history-series">
          <label>
            <span className="small">Series</span>
            <select name="series" defaultValue={series.chosen ?? ''}>
              {series.options.map((s) => (
                <option key={s} value={s}>
                  {seriesLabel(s)}
                </option>
              ))}
            </select>
          </label>
          {axis === 'time' ? <input type="hidden" name="x" value="time" /> : null}
          <button type="submit" className="button">
            Show
          </button>
        </form>
        <nav className="tabs" aria-label="Along the x axis">
          <Link
            href={hrefWith(view.id, series.chosen, 'commit')}
            aria-current={axis === 'commit' ? 'page' : undefined}
          >
            Commit order
          </Link>
          <Link
            href={hrefWith(view.id, series.chosen, 'time')}
            aria-current={axis === 'time' ? 'page' : undefined}
          >
            Time
          </Link>
        </nav>
        <SettingsForm historyId={view.id} settings={view.settings} editable={view.can.edit} />
      </section>

      {view.unsummarised > 0 ? (
        <p className="notice" role="status">
          {view.unsummarised} run{view.unsummarised === 1 ? ' is' : 's are'} not summarised yet (the ingest
          API does it moments after a run ends): reload in a few seconds.
        </p>
      ) : null}
      {series.chosen === null ? (
        <p className="empty">No run of this history has a latency series with a summary yet.</p>
      ) : (
        <TRPCReactProvider>
          <HistoryBody view={view} axis={axis} />
        </TRPCReactProvider>
      )}

      <section className="card" aria-labelledby="points-heading">
        <h2 id="points-heading">Runs</h2>
        <div className="table-wrap">
          <table className="table" aria-label="Runs of the history">
            <thead>
              <tr>
                <th>#</th>
                <th>Commit</th>
                <th>Runs</th>
                <th className="num">p50</th>
                <th className="num">p99 (range)</th>
                <th className="num">Throughput</th>
              </tr>
            </thead>
            <tbody>
              {view.points.map((point) => (
                <tr key={point.index} id={`point-${point.index + 1}`}>
                  <td>{point.index + 1}</td>
                  <td className="mono">{point.commit ? point.commit.slice(0, 12) : '—'}</td>
                  <td>
                    {point.runs.map((run, i) => (
                      <span key={run.id}>
                        {i > 0 ? ', ' : ''}
                        <Link href={`/runs/${run.id}`}>{run.name}</Link>
                      </span>
                    ))}
                  </td>
                  <td className="num">{latency(point.values.p50?.median)}</td>
                  <td className="num">
                    {latency(point.values.p99?.median)}
                    {point.values.p99 && point.runs.length > 1 ? (
                      <span className="muted small">
                        {' '}
                        ({latency(point.values.p99.min)} – {latency(point.values.p99.max)})
                      </span>
                    ) : null}
                  </td>
                  <td className="num">
                    {point.values.throughput ? formatRate(point.values.throughput.median) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </article>
  );
}
