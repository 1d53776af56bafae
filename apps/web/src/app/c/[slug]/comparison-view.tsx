'use client';
import { Chart } from '@levelfield/ui/chart';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { WithheldNotice } from '~/components/access/WithheldNotice';
// The comparison page body. It refetches every 3 s while any run is still running (polling, so
// two systems can be watched racing side by side), otherwise it stays as loaded.
import { Glance } from '~/components/checklist/glance';
import { Scorecard } from '~/components/checklist/scorecard';
import { ClaimsTable } from '~/components/comparisons/claims-table';
import {
  elapsedThroughputOption,
  overlaidSpectrumOption,
  sweepOption,
  sweepSeries,
} from '~/components/comparisons/comparison-charts';
import { HeadlineTable } from '~/components/comparisons/headline-table';
import { ProvenanceSection } from '~/components/comparisons/provenance-diff';
import { publishedLatencyGroups } from '~/components/comparisons/published-latency';
import { PublishedSpectrum } from '~/components/comparisons/published-spectrum';
import { SweepSetup } from '~/components/comparisons/sweep-setup';
import { FieldError, FormAlert } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { DisclosureLine } from '~/components/provenance/disclosure-panel';
import { isPublishedRun } from '~/components/table/run-duration';
import { RunStatusBadge } from '~/components/table/run-status';
import { DecideCheck } from '~/lib/schemas/comparisons';
import { siblingTitle } from '~/lib/sibling-title';
import type { ComparisonView as View } from '~/server/comparisons/view';
import { useTRPC } from '~/trpc/react';

export const LIVE_REFRESH_MS = 3000;

type Check = View['checks'][number];

/** What a decision form asks; the comparison and the check are the page's. */
const Decision = DecideCheck.omit({ slug: true, checkId: true });

/** Folded under "Confirm or waive" beside the evidence: open flags stay a few lines each. */
function DecisionForm({ view, check }: { view: View; check: Check }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const decide = useMutation(trpc.comparisons.decide.mutationOptions());
  const form = useZodForm(
    Decision,
    async (input) => {
      await decide.mutateAsync({ slug: view.comparison.slug, checkId: check.id, ...input });
      await queryClient.invalidateQueries({
        queryKey: trpc.comparisons.get.queryKey({ slug: view.comparison.slug }),
      });
    },
    // Cleared once recorded, for the next decision on the check.
    { reset: true },
  );
  const { review, waiveCheck } = view.permissions;
  const verbs = review ? (waiveCheck ? 'Confirm or waive' : 'Confirm') : 'Waive';
  return (
    <details className="check-decide">
      <summary>{verbs}</summary>
      <form className="decision-form" onSubmit={form.onSubmit} noValidate>
        <label>
          <span className="small">Justification</span>
          <textarea
            name="justification"
            rows={2}
            aria-label={`Justification for ${check.id}`}
            {...form.field('justification')}
          />
          <FieldError form={form} path="justification" />
        </label>
        <FormAlert form={form} inline />
        {/* The button pressed is the decision: the hook reads the submitter's value. */}
        <div className="form-actions">
          {review ? (
            <button
              type="submit"
              name="decision"
              value="confirmed"
              className="button"
              disabled={form.pending}
            >
              Confirm
            </button>
          ) : null}
          {waiveCheck ? (
            <button type="submit" name="decision" value="waived" className="button" disabled={form.pending}>
              Waive
            </button>
          ) : null}
        </div>
      </form>
    </details>
  );
}

export function ComparisonView({
  initial,
  actions,
}: {
  initial: View;
  /** Rendered under the header: the publish panel for those who may publish. */
  actions?: ReactNode;
}) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.comparisons.get.queryOptions(
      { slug: initial.comparison.slug },
      { initialData: initial, refetchInterval: (q) => (q.state.data?.live ? LIVE_REFRESH_MS : false) },
    ),
  );
  const view = query.data ?? initial;
  const spectrum = overlaidSpectrumOption(view.entries);
  // Published results have no measured spectra: their printed percentiles are the latency curve.
  const published = spectrum ? [] : publishedLatencyGroups(view.headline, view.entries);
  const elapsed = elapsedThroughputOption(view.entries);
  const sweep = sweepSeries(view);
  return (
    <article className="comparison-page">
      <header className="page-head">
        <p className="crumbs muted">
          {view.project.org}/{view.project.slug} · comparison
        </p>
        <h1>{view.comparison.title}</h1>
        {view.comparison.description ? <p className="lead">{view.comparison.description}</p> : null}
        <p className="muted small" data-testid="subject">
          Compared on purpose: <strong>{view.comparison.subject.join(', ')}</strong> — the fairness checks
          flag every other difference.
          {view.leveledFrom ? (
            <>
              {' '}
              · Leveled variant of <Link href={`/c/${view.leveledFrom.slug}`}>{view.leveledFrom.title}</Link>
            </>
          ) : null}
          {view.leveledVariants.length > 0 ? (
            <>
              {' '}
              · Leveled variants:{' '}
              {view.leveledVariants.map((v, i) => (
                <span key={v.slug}>
                  {i > 0 ? ', ' : ''}
                  <Link href={`/c/${v.slug}`} title={v.title}>
                    {siblingTitle(v.title, view.comparison.title)}
                  </Link>
                </span>
              ))}
            </>
          ) : null}
        </p>
        {view.live ? (
          <p className="notice live-note">
            Live: runs are still going; this page refreshes every {LIVE_REFRESH_MS / 1000} s.
          </p>
        ) : null}
        <WithheldNotice withheld={view.withheld} who="you" />
      </header>

      {actions}

      <Glance checks={view.checks} />

      {view.confounding?.state === 'flag' ? (
        <div className="alert confounding" role="alert" data-testid="confounding">
          <strong>Confounded comparison (F-DISC-5).</strong> {view.confounding.message}
        </div>
      ) : null}

      <section className="panel">
        <h2>Entries</h2>
        <ul className="cmp-entries">
          {view.entries.map((e) => (
            <li key={e.position}>
              <strong>{e.label}</strong>
              {e.runs.map((r) => (
                <span key={r.id} className="small">
                  {' · '}
                  <Link href={`/runs/${r.id}`}>{r.name}</Link> <RunStatusBadge run={r} />{' '}
                  {/* A published run's badge already says where it came from. */}
                  {isPublishedRun(r) ? null : <span className="tag">{r.source}</span>}
                  {r.sourceUrl ? (
                    <>
                      {' '}
                      <a href={r.sourceUrl}>source</a>
                    </>
                  ) : null}
                </span>
              ))}
            </li>
          ))}
        </ul>
        {view.disclosures.map((group) => (
          <DisclosureLine
            key={group.entries.join('|')}
            disclosure={group.disclosure}
            entries={view.disclosures.length > 1 ? group.entries : null}
          />
        ))}
      </section>

      <section className="panel">
        <h2>Headline</h2>
        <p className="muted small">
          Ratios against {view.entries[view.comparison.baseline]?.label}; figures as printed, recomputed ones
          with their formula.
        </p>
        <HeadlineTable entries={view.entries} headline={view.headline} baseline={view.comparison.baseline} />
      </section>

      {view.claims.length > 0 ? (
        <section className="panel">
          <h2>Claims</h2>
          <p className="muted small">
            What the publication says, beside the factor its own published figures give (means over
            repetitions).
          </p>
          <ClaimsTable claims={view.claims} />
        </section>
      ) : null}

      {sweep ? (
        <section className="panel">
          <h2>{sweep.title}</h2>
          <Chart ariaLabel={sweep.title} option={sweepOption(sweep)} style={{ height: 320 }} />
          {sweep.optimumNote ? <p className="muted small">Optimum not marked: {sweep.optimumNote}.</p> : null}
          <SweepSetup entries={view.entries} groups={view.provenanceDiff} />
        </section>
      ) : null}

      {spectrum || elapsed || published.length > 0 ? (
        <section className="panel chart-grid">
          {spectrum ? (
            <div>
              <h2>Percentile spectra</h2>
              <Chart
                ariaLabel="Latency percentile spectra overlaid"
                option={spectrum}
                style={{ height: 300 }}
              />
            </div>
          ) : null}
          {published.length > 0 ? <PublishedSpectrum groups={published} /> : null}
          {elapsed ? (
            <div>
              <h2>Throughput by elapsed time</h2>
              <Chart ariaLabel="Throughput against elapsed time" option={elapsed} style={{ height: 300 }} />
            </div>
          ) : null}
        </section>
      ) : null}

      <section className="panel" id="checks">
        <h2>Fairness checklist</h2>
        <Scorecard
          checks={view.checks}
          history={view.history}
          controls={
            view.permissions.review || view.permissions.waiveCheck
              ? (check) => <DecisionForm view={view} check={check} />
              : undefined
          }
        />
      </section>

      <ProvenanceSection entries={view.entries} groups={view.provenanceDiff} />
    </article>
  );
}
