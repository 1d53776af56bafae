// /r/{slug}[?version=N]: a published report. Everything on it comes from the version's stored snapshot
// (and the review threads on the report); it is rendered on the server and reads completely
// without JavaScript — only the charts hydrate, into containers already at their final height.
import type { Metadata } from 'next';
import Link from 'next/link';
import { WithheldNotice } from '~/components/access/WithheldNotice';
import { Glance } from '~/components/checklist/glance';
import { checkName } from '~/components/checklist/order';
import { Scorecard } from '~/components/checklist/scorecard';
import { HeadlineTable } from '~/components/comparisons/headline-table';
import { ProvenanceSection } from '~/components/comparisons/provenance-diff';
import type { Annotate } from '~/components/provenance/provenance-panel';
import { versionQuery } from '~/lib/report-version';
import { viewerId } from '~/server/auth';
import { db } from '~/server/db';
import { anchorsOf } from '~/server/reports/anchors-of';
import { listThreads } from '~/server/reports/threads';
import { siteOrigin } from '~/server/site';
import { ChartFigure } from './chart-figure';
import { Downloads } from './downloads';
import { type LoadedReport, loadReport, param, type SearchParams, versionParam } from './load';
import { reportCharts } from './report-charts';
import { ReportHeader } from './report-header';
import { discussHref } from './review/discuss';
import { ReviewSection } from './review/ReviewSection';
import { ReviewThreadsStatic } from './review/ReviewThreadsStatic';
import { ThreadMarker } from './review/ThreadMarker';
import { RunDetails } from './run-details';
import { Versions } from './versions';
import { VisibilityControl } from './visibility-control';
import '../../../components/comparisons/comparison.css';
import './report.css';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }>; searchParams: SearchParams };

async function load({ params, searchParams }: Props): Promise<LoadedReport> {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  return loadReport(slug, versionParam(versionQuery(query)));
}

/** One line a link preview can show: the comparison's own description, else what the report holds. */
function describe(report: LoadedReport): string {
  const { snapshot } = report.version;
  if (snapshot.comparison.description) return snapshot.comparison.description;
  const flags = snapshot.checks.filter((c) => c.state === 'flag').length;
  return `Benchmark report: ${snapshot.entries.map((e) => e.label).join(' vs ')}, ${flags} fairness flag${flags === 1 ? '' : 's'}, full provenance and disclosure.`;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const report = await load(props);
  const description = describe(report);
  return {
    title: report.version.title,
    description,
    // Unlisted means "anyone with the link", not "found by search engines".
    robots: report.visibility === 'public' ? undefined : { index: false, follow: false },
    openGraph: {
      title: report.version.title,
      description,
      type: 'article',
      siteName: 'Levelfield',
      url: `/r/${report.slug}`,
      publishedTime: report.version.publishedAt.toISOString(),
    },
    twitter: { card: 'summary_large_image', title: report.version.title, description },
  };
}

function OwnerActions({ report }: { report: LoadedReport }) {
  if (!report.permissions.publish) return null;
  return (
    <div className="owner-actions no-print">
      <VisibilityControl slug={report.slug} visibility={report.visibility} />
      {report.comparisonSlug ? (
        <Link href={`/c/${report.comparisonSlug}`} className="button small">
          Open the live comparison
        </Link>
      ) : null}
    </div>
  );
}

export default async function ReportPage(props: Props) {
  const report = await load(props);
  const latency = param(await props.searchParams, 'latency');
  const { snapshot } = report.version;
  const [origin, threads] = await Promise.all([
    siteOrigin(),
    listThreads(db(), await viewerId(), report.slug),
  ]);
  const charts = reportCharts(snapshot, { latency });
  const anchors = anchorsOf(snapshot);
  // Beside each anchored item: its review threads' marker (nothing where there is none).
  const annotate: Annotate | undefined =
    threads.length > 0 ? (key) => <ThreadMarker anchorKey={key} threads={threads} /> : undefined;
  const member = report.comparisonSlug !== null;
  return (
    <article className="comparison-page report-page">
      <ReportHeader report={report} actions={<OwnerActions report={report} />} />

      <nav className="report-toc no-print" aria-label="On this page">
        <a href="#headline">Headline</a>
        {charts.length > 0 ? <a href={`#chart-${charts[0]!.kind}`}>Charts</a> : null}
        <a href="#checks">Fairness checklist</a>
        <a href="#review">Review</a>
        <a href="#provenance">Provenance</a>
        <a href="#runs">Runs and disclosure</a>
        <a href="#versions">Versions</a>
        <a href="#downloads">Downloads</a>
      </nav>

      <Glance checks={snapshot.checks} />

      {snapshot.confounding?.state === 'flag' ? (
        <div className="alert confounding" role="alert" data-testid="confounding">
          <strong>Confounded comparison (F-DISC-5).</strong> {snapshot.confounding.message}
        </div>
      ) : null}

      <WithheldNotice withheld={snapshot.withheld ?? []} who="this report" />

      <section className="panel" id="headline">
        <h2>Headline</h2>
        <p className="muted small">
          {snapshot.entries
            .map((e) => `${e.label} (${e.runs.length} run${e.runs.length === 1 ? '' : 's'})`)
            .join(' · ')}
          . Ratios against the baseline ({snapshot.entries[snapshot.comparison.baseline]?.label}); 95 %
          confidence intervals by Fieller’s method when both sides have two or more repetitions. Recomputed
          values show their formula id and the published figure.
        </p>
        <HeadlineTable
          entries={snapshot.entries}
          headline={snapshot.headline}
          baseline={snapshot.comparison.baseline}
          annotate={annotate}
        />
      </section>

      {charts.map((data) => (
        <ChartFigure key={data.kind} data={data} report={report} origin={origin} annotate={annotate} />
      ))}

      <section className="panel" id="checks">
        <h2>Fairness checklist</h2>
        <Scorecard
          checks={snapshot.checks}
          history={snapshot.history}
          annotate={annotate}
          controls={
            report.permissions.review
              ? (check) => (
                  <a
                    className="button small check-action no-print"
                    href={discussHref(check.id)}
                    aria-label={`Discuss ${checkName(check)}`}
                  >
                    Discuss
                  </a>
                )
              : undefined
          }
        />
      </section>

      {report.permissions.review ? (
        <ReviewSection
          slug={report.slug}
          version={report.version.version}
          anchors={anchors}
          canReview={report.permissions.review}
          canAccept={report.permissions.publish}
          initialThreads={threads}
        />
      ) : (
        <ReviewThreadsStatic
          slug={report.slug}
          version={report.version.version}
          threads={threads}
          checks={anchors.checks}
        />
      )}

      <ProvenanceSection
        id="provenance"
        entries={snapshot.entries}
        groups={snapshot.provenanceDiff}
        annotate={annotate}
      />

      <section id="runs" aria-labelledby="runs-title">
        <h2 id="runs-title" className="section-title">
          Runs: provenance and disclosure
        </h2>
        <RunDetails entries={snapshot.entries} member={member} annotate={annotate} />
      </section>

      {snapshot.related.length > 0 ? (
        <section className="panel" id="related">
          <h2>Related reports</h2>
          <ul className="plain related">
            {snapshot.related.map((r) => (
              <li key={r.slug}>
                <span className="muted">
                  {r.relation === 'leveled-from' ? 'Leveled from' : 'Leveled variant'}:{' '}
                </span>
                <Link href={`/r/${r.slug}`}>{r.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="panel" id="versions">
        <h2>Versions</h2>
        <Versions report={report} />
      </section>

      <section className="panel" id="downloads">
        <h2>Downloads</h2>
        <Downloads report={report} />
      </section>

      <footer className="report-foot muted small">
        Published with Levelfield from the comparison as it stood at publication; this page, its charts,
        embeds and downloads show that snapshot only. SHA-256 {report.version.sha256}.
      </footer>
    </article>
  );
}
