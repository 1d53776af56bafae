'use client';
// The charts of a history and its detected changes, each with what people decided and, for
// editors, the form to confirm, dismiss or annotate it. After a decision the page is rendered
// again on the server, so marks, lists and the bell agree.
import { Chart } from '@levelfield/ui/chart';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useMemo, useState } from 'react';
import { formatLatency, formatRate, toMillis } from '~/lib/format';
import {
  type HistoryAxis,
  type HistoryItem,
  historyLatencyOption,
  historyThroughputOption,
  pointLabel,
} from '~/lib/history-chart';
import { formatChange, formatPValue, METRIC_LABEL, seriesLabel } from '~/lib/history-points';
import type { HistoryChangeView, HistoryView } from '~/server/history/view';
import { useTRPC } from '~/trpc/react';

type Kind = 'confirmed' | 'dismissed' | 'annotated';

function DecisionForm({ view, change }: { view: HistoryView; change: HistoryChangeView }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.history.decide.mutationOptions({
      onSuccess: () => {
        setNote('');
        setError(null);
        router.refresh();
      },
      onError: (e) => setError(e instanceof TRPCClientError ? e.message : 'Could not save the decision.'),
    }),
  );
  const submit = (kind: Kind) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!note.trim()) {
      setError('Say why: a decision without a reason is not recorded.');
      return;
    }
    decide.mutate({
      historyId: view.id,
      series: view.series.chosen!,
      metric: change.metric,
      runId: change.runId,
      kind,
      note,
    });
  };
  const label = `${METRIC_LABEL[change.metric]} at ${change.commit ?? 'this run'}`;
  return (
    <form className="history-decide" onSubmit={submit('confirmed')}>
      <label>
        <span className="small">Why</span>
        <textarea
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label={`Why, for the change in ${label}`}
        />
      </label>
      {error ? <p className="field-error">{error}</p> : null}
      <div className="history-decide-actions">
        <button type="submit" className="button" disabled={decide.isPending}>
          Confirm
        </button>
        <button
          type="button"
          className="button"
          disabled={decide.isPending}
          onClick={() => submit('dismissed')()}
        >
          Dismiss
        </button>
        <button
          type="button"
          className="button ghost"
          disabled={decide.isPending}
          onClick={() => submit('annotated')()}
        >
          Add a note
        </button>
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
      <p className="small">
        From {figure(change.meanBefore)} to {figure(change.meanAfter)} (means between changes) at{' '}
        <Link href={`/runs/${change.runId}`}>
          {change.commit ? `commit ${change.commit.slice(0, 12)}` : 'this run'}
        </Link>
        ; {formatPValue(change.pValue)}, confidence {(change.confidence * 100).toFixed(2)} %.
      </p>
      {change.events.length > 0 ? (
        <ol className="history-events small">
          {change.events.map((event) => (
            <li key={`${event.decidedAt.toString()}-${event.kind}`}>
              <strong>{event.kind}</strong> by {event.decidedByName},{' '}
              <time dateTime={new Date(event.decidedAt).toISOString()}>
                {new Date(event.decidedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC
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
    () => historyLatencyOption(view.points, view.changes, unit, axis),
    [view.points, view.changes, unit, axis],
  );
  const throughput = useMemo(
    () => historyThroughputOption(view.points, view.changes, axis),
    [view.points, view.changes, axis],
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
        <Chart
          option={throughput}
          events={events}
          ariaLabel={`Throughput of ${seriesLabel(view.series.chosen!)}, ${span}; a dot per run, detected changes marked`}
          style={{ height: 240 }}
        />
      </section>
      <section className="card" aria-labelledby="changes-heading">
        <h2 id="changes-heading">Detected changes</h2>
        {view.changes.length === 0 ? (
          <p className="muted">
            No change with p ≤ {view.settings.maxPValue} and at least{' '}
            {(view.settings.minMagnitude * 100).toFixed(1)} % along this history.
          </p>
        ) : (
          <ol className="history-changes" aria-label="Detected changes">
            {view.changes.map((change) => (
              <ChangeItem key={`${change.metric}-${change.runId}`} view={view} change={change} />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
