'use client';
// The charts of a history and its detected changes, each with what people decided and, for
// editors, the form to confirm, dismiss or annotate it. After a decision the page is rendered
// again on the server, so marks, lists and the bell agree.
import { Chart } from '@levelfield/ui/chart';
import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import {
  formatChange,
  formatFixed,
  formatLatency,
  formatPValue,
  formatRate,
  formatUtc,
  toMillis,
} from '~/lib/format';
import {
  type HistoryAxis,
  type HistoryItem,
  historyLatencyOption,
  historyThroughputOption,
  pointLabel,
} from '~/lib/history-chart';
import { METRIC_LABEL, seriesLabel } from '~/lib/history-points';
import { DecideChange } from '~/lib/schemas/history';
import type { HistoryChangeView, HistoryView } from '~/server/history/view';
import { useTRPC } from '~/trpc/react';

/** The decision's reason and kind (the button pressed): the rest of DecideChange is the change's. */
const Decision = DecideChange.pick({ kind: true, note: true });

function DecisionForm({ view, change }: { view: HistoryView; change: HistoryChangeView }) {
  const trpc = useTRPC();
  const router = useRouter();
  const decide = useMutation(trpc.history.decide.mutationOptions());
  const form = useZodForm(
    Decision,
    async (decision) => {
      await decide.mutateAsync({
        historyId: view.id,
        series: view.series.chosen ?? '',
        metric: change.metric,
        runId: change.runId,
        ...decision,
      });
      router.refresh();
    },
    { reset: true },
  );
  const label = `${METRIC_LABEL[change.metric]} at ${change.commit ?? 'this run'}`;
  return (
    <form className="history-decide" onSubmit={form.onSubmit} noValidate>
      <label>
        <span className="small">Why</span>
        <textarea
          name="note"
          rows={2}
          aria-label={`Why, for the change in ${label}`}
          {...form.field('note')}
        />
      </label>
      <FieldError form={form} path="note" />
      <FormAlert form={form} inline />
      <div className="history-decide-actions">
        <SubmitButton
          className="button"
          pending={form.pending}
          busyLabel="Confirm"
          name="kind"
          value="confirmed"
        >
          Confirm
        </SubmitButton>
        <SubmitButton
          className="button"
          pending={form.pending}
          busyLabel="Dismiss"
          name="kind"
          value="dismissed"
        >
          Dismiss
        </SubmitButton>
        <SubmitButton
          className="button ghost"
          pending={form.pending}
          busyLabel="Add a note"
          name="kind"
          value="annotated"
        >
          Add a note
        </SubmitButton>
      </div>
    </form>
  );
}

function ChangeItem({ view, change }: { view: HistoryView; change: HistoryChangeView }) {
  const unit = view.series.unit ?? 'us';
  const figure = (v: number) =>
    change.metric === 'throughput' ? formatRate(v) : formatLatency(toMillis(unit, v));
  const state = change.decision ?? 'open';
  return (
    <li
      className={`history-change ${change.regression ? 'regression' : 'improvement'}`}
      data-metric={change.metric}
    >
      <div className="spread">
        <strong>
          {METRIC_LABEL[change.metric]} {formatChange(change.relativeChange)} —{' '}
          {change.regression ? 'regression' : 'improvement'}
        </strong>
        <span className={`tag change-${state}`}>{state}</span>
      </div>
      {change.detected ? (
        <p className="small">
          From {figure(change.meanBefore)} to {figure(change.meanAfter)} (means between changes) at{' '}
          <Link href={`/runs/${change.runId}`}>
            {change.commit ? `commit ${change.commit.slice(0, 12)}` : 'this run'}
          </Link>
          ; {formatPValue(change.pValue)}, confidence {formatFixed(change.confidence * 100, 2)} %.
        </p>
      ) : (
        <p className="small" data-testid="recorded-change">
          Recorded at{' '}
          <Link href={`/runs/${change.runId}`}>
            {change.commit ? `commit ${change.commit.slice(0, 12)}` : 'this run'}
          </Link>{' '}
          when it was found ({formatPValue(change.pValue)}); detection no longer finds it along the history as
          it stands, as when later runs came back to the earlier level.
        </p>
      )}
      {change.setupChange ? (
        <p className="small notice" data-testid="setup-change">
          The tool’s options changed at this point ({change.setupChange}): the change may be the options’, not
          the software’s.
        </p>
      ) : null}
      {change.events.length > 0 ? (
        <ol className="history-events small">
          {change.events.map((event) => (
            <li key={`${event.decidedAt.toString()}-${event.kind}`}>
              <strong>{event.kind}</strong> by {event.decidedByName},{' '}
              <time dateTime={new Date(event.decidedAt).toISOString()}>
                {formatUtc(new Date(event.decidedAt))}
              </time>
              : {event.note}
            </li>
          ))}
        </ol>
      ) : null}
      {view.can.edit ? <DecisionForm view={view} change={change} /> : null}
    </li>
  );
}

export function HistoryBody({ view, axis }: { view: HistoryView; axis: HistoryAxis }) {
  const router = useRouter();
  const unit = view.series.unit ?? 'us';
  const latency = useMemo(
    () => historyLatencyOption(view.points, view.changes, view.setupChanges, unit, axis),
    [view.points, view.changes, view.setupChanges, unit, axis],
  );
  const throughput = useMemo(
    () => historyThroughputOption(view.points, view.changes, view.setupChanges, axis),
    [view.points, view.changes, view.setupChanges, axis],
  );
  // A dot or a line point opens its run.
  const events = useMemo(
    () => ({
      click: (params: unknown) => {
        const item = (params as { data?: HistoryItem }).data;
        if (item?.runId) router.push(`/runs/${item.runId}`);
      },
    }),
    [router],
  );
  const first = view.points[0];
  const last = view.points[view.points.length - 1];
  const span = first && last ? `${pointLabel(first)} to ${pointLabel(last)}` : '';
  return (
    <>
      <section className="card" aria-labelledby="charts-heading">
        <h2 id="charts-heading" className="history-series-name">
          {seriesLabel(view.series.chosen!)}
        </h2>
        <Chart
          option={latency}
          events={events}
          ariaLabel={`Latency p50 and p99 of ${seriesLabel(view.series.chosen!)}, ${span}; a dot per run, detected changes marked`}
          style={{ height: 320 }}
        />
        {/* A suite of micro-benchmarks has no throughput (lib/throughput.ts): no empty chart for it. */}
        {view.points.some((p) => p.values.throughput !== null) ? (
          <Chart
            option={throughput}
            events={events}
            ariaLabel={`Throughput of ${seriesLabel(view.series.chosen!)}, ${span}; a dot per run, detected changes marked`}
            style={{ height: 240 }}
          />
        ) : null}
      </section>
      <section className="card" aria-labelledby="changes-heading">
        <h2 id="changes-heading">Changes</h2>
        {view.changes.length === 0 ? (
          <p className="muted">
            No change with p ≤ {view.settings.maxPValue} and at least{' '}
            {formatFixed(view.settings.minMagnitude * 100, 1)} % along this history.
          </p>
        ) : (
          <ol className="history-changes" aria-label="Changes">
            {view.changes.map((change) => (
              <ChangeItem key={`${change.metric}-${change.runId}`} view={view} change={change} />
            ))}
          </ol>
        )}
      </section>
      {view.setupChanges.length > 0 ? (
        <section className="card" aria-labelledby="setup-heading">
          <h2 id="setup-heading">Options changed</h2>
          <p className="muted small">
            Runs whose tool ran with other options measure something else (the grey dotted lines above); a CI
            verdict leaves baseline runs with options other than its run’s out.
          </p>
          <ul className="history-setup" aria-label="Options changed">
            {view.setupChanges.map((change) => (
              <li key={change.runId}>
                <Link href={`/runs/${change.runId}`}>
                  {change.commit ? `commit ${change.commit.slice(0, 12)}` : 'this run'}
                </Link>
                : {change.summary}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
