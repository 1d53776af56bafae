// /r/{slug}/embed/{chart}[?version=N][&latency=…]: one chart of a report and a link back, for an iframe
// on another site (next.config.ts lets only these pages be framed). Same access as the report.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { versionQuery } from '~/lib/report-version';
import { reportQuery } from '../../chart-figure';
import { type LoadedReport, loadReport, param, type SearchParams, versionParam } from '../../load';
import { ReportChart } from '../../report-chart';
import { isReportChart, type ReportChartData, reportCharts } from '../../report-charts';
import './embed.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string; chart: string }>; searchParams: SearchParams };

async function load({
  params,
  searchParams,
}: Props): Promise<{ report: LoadedReport; data: ReportChartData }> {
  const [{ slug, chart }, query] = await Promise.all([params, searchParams]);
  if (!isReportChart(chart)) notFound();
  const report = await loadReport(slug, versionParam(versionQuery(query)));
  const data = reportCharts(report.version.snapshot, { latency: param(query, 'latency') }).find(
    (c) => c.kind === chart,
  );
  if (!data) notFound();
  return { report, data };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { report, data } = await load(props);
  return { title: `${data.title} · ${report.version.title}`, robots: { index: false } };
}

export default async function EmbedPage(props: Props) {
  const { report, data } = await load(props);
  const back = `/r/${report.slug}${reportQuery(report, data.kind === 'spectrum' ? data.chosen : null)}#chart-${data.kind}`;
  return (
    <figure className="embed-page" data-chart={data.kind}>
      <figcaption>
        <a href={back} target="_blank" rel="noopener" className="embed-title">
          {data.title}
        </a>
        <span className="muted">
          {report.version.title} · version {report.version.version} · {report.org.name} on Levelfield
        </span>
      </figcaption>
      <div className="embed-chart">
        <ReportChart data={data} height="100%" />
      </div>
    </figure>
  );
}
