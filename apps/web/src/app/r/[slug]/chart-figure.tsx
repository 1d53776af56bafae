// One report chart as a figure: a heading with its permalink (#chart-spectrum …), the chart, a
// caption saying what it shows, the choice of published latencies where there is one, and the
// iframe code that embeds it elsewhere (pinned to this version: an embed never changes under the
// page that holds it).
import Link from 'next/link';
import type { Annotate } from '~/components/provenance/provenance-panel';
import type { LoadedReport } from './load';
import { ReportChart } from './report-chart';
import type { ReportChartData } from './report-charts';
import { StaticChart } from './static-chart';

const CHART_HEIGHT = 340;

const attr = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Query string of a report link: the version when it is not the latest, and the latency choice. */
export function reportQuery(report: LoadedReport, latency?: string | null): string {
  const query = new URLSearchParams();
  if (report.version.version !== report.latest) query.set('v', String(report.version.version));
  if (latency) query.set('latency', latency);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function embedSnippet(origin: string, report: LoadedReport, data: ReportChartData): string {
  const query = new URLSearchParams({ v: String(report.version.version) });
  if (data.kind === 'spectrum' && data.chosen) query.set('latency', data.chosen);
  const src = `${origin}/r/${report.slug}/embed/${data.kind}?${query}`;
  const title = `${data.title} — ${report.version.title}`;
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="${CHART_HEIGHT + 60}" style="border:0" loading="lazy"></iframe>`;
}

export function ChartFigure({
  data,
  report,
  origin,
  annotate,
}: {
  data: ReportChartData;
  report: LoadedReport;
  origin: string;
  /** The marker of review threads on a range of this chart ("range:spectrum" covers them all). */
  annotate?: Annotate;
}) {
  const id = `chart-${data.kind}`;
  const choices = data.kind === 'spectrum' ? data.choices : [];
  return (
    <figure className="panel report-figure" id={id} data-anchor-chart={data.kind}>
      <h2>
        {data.title}{' '}
        <a className="permalink" href={`#${id}`} aria-label={`Permalink to the chart ${data.title}`}>
          #
        </a>
        {annotate ? annotate(`range:${data.kind}`) : null}
      </h2>
      {choices.length > 1 && data.kind === 'spectrum' ? (
        <nav className="choices small" aria-label="Published latencies">
          {choices.map((c) =>
            c.id === data.chosen ? (
              <strong key={c.id} aria-current="true">
                {c.title}
              </strong>
            ) : (
              <Link key={c.id} href={`/r/${report.slug}${reportQuery(report, c.id)}#${id}`} scroll={false}>
                {c.title}
              </Link>
            ),
          )}
        </nav>
      ) : null}
      <ReportChart data={data} height={CHART_HEIGHT} />
      <StaticChart data={data} height={CHART_HEIGHT} />
      <figcaption className="muted small">{data.caption}</figcaption>
      <details className="embed-snippet">
        <summary>Embed</summary>
        <p className="muted small">
          Paste this into a web page to show the chart, pinned to version {report.version.version}:
        </p>
        <pre className="command">
          <code>{embedSnippet(origin, report, data)}</code>
        </pre>
      </details>
    </figure>
  );
}
