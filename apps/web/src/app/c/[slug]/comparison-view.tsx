'use client';
// The comparison page body. It refetches every 3 s while any run is still running (polling, so
// two systems can be watched racing side by side), otherwise it stays as loaded.
import { OriginBadge } from '@levelfield/ui/badge';
import { Chart } from '@levelfield/ui/chart';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import type { ComparisonView as View } from '~/server/comparisons/view';
import { useTRPC } from '~/trpc/react';
import { formatValue, humanize } from '../../runs/[id]/provenance-panel';
import { elapsedThroughputOption, overlaidSpectrumOption, sweepOption } from './comparison-charts';

export const LIVE_REFRESH_MS = 3000;

type Row = View['headline'][number];
type Cell = Row['cells'][number];
type Check = View['checks'][number];

export function formatNumber(v: number, unit: string): string {
  if (unit.startsWith('USD/tpmC/h')) return `$${v.toFixed(7)}`;
  if (unit.startsWith('USD'))
    return `$${v.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 1 ? 2 : 4;
  return v.toLocaleString('en-US', { maximumFractionDigits: digits });
}

function CellView({ cell, unit }: { cell: Cell; unit: string }) {
  if (cell.value === null && !cell.text) return <span className="muted">—</span>;
  return (
    <span className="cmp-cell">
      <span className="cmp-value">
        {cell.text ?? (cell.value === null ? '—' : formatNumber(cell.value, unit))}
      </span>
      {cell.runs.length > 1 ? <span className="muted small"> mean of {cell.runs.length}</span> : null}
      {cell.quality && cell.quality !== 'measured' ? <span className="tag warn">{cell.quality}</span> : null}
      {cell.formulaId ? <span className="formula mono small">{cell.formulaId}</span> : null}
      {cell.published ? (
        <span className="muted small"> published {cell.published.text ?? cell.published.value}</span>
      ) : null}
    </span>
  );
}

function HeadlineTable({ view }: { view: View }) {
  const baseline = view.comparison.baseline;
  return (
    <div className="table-wrap">
      <table className="table cmp-table" data-testid="headline">
        <thead>
          <tr>
            <th>Metric</th>
            {view.entries.map((e) => (
              <th key={e.position}>
                {e.label}
                {e.position === baseline ? <span className="tag">baseline</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.headline.map((row) => (
            <tr key={row.key} data-metric={row.key}>
              <th scope="row">
                {row.label}
                {row.unit ? <span className="muted small"> {row.unit}</span> : null}
              </th>
              {row.cells.map((cell, i) => {
                const ratio = row.ratios[i];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per entry, in entry order
                  <td key={i}>
                    <CellView cell={cell} unit={row.unit} />
                    {ratio ? (
                      <span className={`ratio ratio-${ratio.text.split(' ')[1] ?? ''}`}>
                        {ratio.text}
                        {ratio.ci ? (
                          <span className="muted small" title={ratio.ci.method}>
                            {' '}
                            95 % CI{' '}
                            {ratio.ci.bounded
                              ? `${ratio.ci.lower.toFixed(2)}–${ratio.ci.upper.toFixed(2)}×`
                              : 'unbounded'}{' '}
                            (Fieller)
                          </span>
                        ) : ratio.ciNote ? (
                          <span className="muted small"> {ratio.ciNote}</span>
                        ) : null}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATE_LABEL: Record<Check['state'], string> = {
  pass: 'pass',
  flag: 'flag',
  unknown: 'unknown',
  needs_review: 'needs review',
};

function DecisionForm({ view, check }: { view: View; check: Check }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [justification, setJustification] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.comparisons.decide.mutationOptions({
      onSuccess: async () => {
        setJustification('');
        setError(null);
        await queryClient.invalidateQueries({
          queryKey: trpc.comparisons.get.queryKey({ slug: view.comparison.slug }),
        });
      },
      onError: (e) => setError(e instanceof TRPCClientError ? e.message : 'Could not save the decision.'),
    }),
  );
  const submit = (decision: 'confirmed' | 'waived') => (event: FormEvent) => {
    event.preventDefault();
    if (!justification.trim()) {
      setError('Write a justification: a decision without one is not recorded.');
      return;
    }
    decide.mutate({ slug: view.comparison.slug, checkId: check.id, decision, justification });
  };
  return (
    <form className="decision-form" onSubmit={submit('confirmed')}>
      <label>
        <span className="small">Justification</span>
        <textarea
          name="justification"
          rows={2}
          value={justification}
          onChange={(e) => setJustification(e.target.value)}
          aria-label={`Justification for ${check.id}`}
        />
      </label>
      {error ? <p className="field-error">{error}</p> : null}
      <div className="form-actions">
        {view.permissions.review ? (
          <button type="submit" className="button" disabled={decide.isPending}>
            Confirm
          </button>
        ) : null}
        {view.permissions.waiveCheck ? (
          <button type="button" className="button" disabled={decide.isPending} onClick={submit('waived')}>
            Waive
          </button>
        ) : null}
      </div>
    </form>
  );
}

function CheckItem({ view, check }: { view: View; check: Check }) {
  const history = view.history[check.id] ?? [];
  return (
    <li className={`check check-${check.state}`} data-check={check.id} data-state={check.state}>
      <div className="check-head">
        <span className={`check-state state-${check.state}`}>{STATE_LABEL[check.state]}</span>
        <span className="mono">{check.id}</span> <strong>{check.title}</strong>
        <span className="muted small"> {check.mode}</span>
        {check.decision ? (
          <span className={`tag decision-${check.decision.decision}`}>{check.decision.decision}</span>
        ) : null}
      </div>
      <p>{check.message}</p>
      {check.hint ? <p className="hint">Reviewer hint: {check.hint}</p> : null}
      {check.evidence.length > 0 ? (
        <details open={check.state === 'flag'}>
          <summary>Evidence ({check.evidence.length})</summary>
          <div className="table-wrap">
            <table className="table evidence">
              <thead>
                <tr>
                  <th>Entry</th>
                  <th>Field</th>
                  <th>Value</th>
                  <th>Origin</th>
                </tr>
              </thead>
              <tbody>
                {check.evidence.map((ev, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: evidence has no id
                  <tr key={i}>
                    <td>{ev.entry}</td>
                    <td className="mono small">{ev.field}</td>
                    <td>
                      {formatValue(ev.value as never)}
                      {ev.quality && ev.quality !== 'measured' ? (
                        <span className="tag warn">{ev.quality}</span>
                      ) : null}
                    </td>
                    <td>
                      {ev.origin === 'derived' ? (
                        <span className="badge">derived</span>
                      ) : (
                        <OriginBadge origin={ev.origin} />
                      )}
                      {ev.source ? (
                        <span className="source small" title={ev.source}>
                          {' '}
                          {ev.source.length > 80 ? `${ev.source.slice(0, 80)}…` : ev.source}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
      {check.missing && check.missing.length > 0 ? (
        <p className="muted small">
          Missing: {check.missing.map((m) => `${m.entry}: ${m.field}`).join('; ')}
        </p>
      ) : null}
      {history.length > 0 ? (
        <ol className="decision-history small" aria-label={`Decisions on ${check.id}`}>
          {history.map((h) => (
            <li key={h.at + h.by}>
              <strong>{h.decision}</strong> by {h.by} on {h.at.replace('T', ' ').slice(0, 16)} UTC — “
              {h.justification}”
            </li>
          ))}
        </ol>
      ) : null}
      {view.permissions.review || view.permissions.waiveCheck ? (
        <DecisionForm view={view} check={check} />
      ) : null}
    </li>
  );
}

function ProvenanceDiff({ view }: { view: View }) {
  return (
    <div className="prov-diff">
      {view.provenanceDiff.map((g) => (
        <details key={g.group} open={g.differs} data-group={g.group} data-differs={g.differs}>
          <summary>
            {humanize(g.group)}{' '}
            {g.differs ? (
              <span className="tag warn">differs</span>
            ) : (
              <span className="muted small">identical</span>
            )}
            <span className="muted small"> {g.fields.length} fields</span>
          </summary>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>Field</th>
                  {view.entries.map((e) => (
                    <th key={e.position}>{e.label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {g.fields.map((f) => (
                  <tr key={f.path} className={f.differs ? 'differs' : undefined}>
                    <th scope="row" className="small" title={f.path}>
                      {humanize(f.key)}
                    </th>
                    {f.values.map((v, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: one value per entry
                      <td key={i}>
                        {v ? (
                          <>
                            {formatValue(v.value)} <OriginBadge origin={v.origin} />
                          </>
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </div>
  );
}

export function ComparisonView({ initial }: { initial: View }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.comparisons.get.queryOptions(
      { slug: initial.comparison.slug },
      { initialData: initial, refetchInterval: (q) => (q.state.data?.live ? LIVE_REFRESH_MS : false) },
    ),
  );
  const view = query.data ?? initial;
  const spectrum = overlaidSpectrumOption(view.entries);
  const elapsed = elapsedThroughputOption(view.entries);
  const tput =
    view.headline.find((r) => r.key === 'tpmC') ?? view.headline.find((r) => r.key === 'throughput');
  const counts = view.checks.reduce<Record<string, number>>((acc, c) => {
    acc[c.state] = (acc[c.state] ?? 0) + 1;
    return acc;
  }, {});
  return (
    <article className="page comparison-page">
      <header className="page-head">
        <p className="crumbs muted">
          {view.project.org}/{view.project.slug} · comparison
        </p>
        <h1>{view.comparison.title}</h1>
        {view.comparison.description ? <p className="lead">{view.comparison.description}</p> : null}
        {view.live ? (
          <p className="notice live-note">
            Live: runs are still going; this page refreshes every {LIVE_REFRESH_MS / 1000} s.
          </p>
        ) : null}
        {view.leveledFrom ? (
          <p>
            Leveled variant of <Link href={`/c/${view.leveledFrom.slug}`}>{view.leveledFrom.title}</Link>
          </p>
        ) : null}
        {view.leveledVariants.length > 0 ? (
          <p>
            Leveled variants:{' '}
            {view.leveledVariants.map((v, i) => (
              <span key={v.slug}>
                {i > 0 ? ', ' : ''}
                <Link href={`/c/${v.slug}`}>{v.title}</Link>
              </span>
            ))}
          </p>
        ) : null}
      </header>

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
                  <Link href={`/runs/${r.id}`}>{r.name}</Link>{' '}
                  <span className={`status status-${r.status}`}>{r.status}</span>{' '}
                  <span className="tag">{r.source}</span>
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
      </section>

      <section className="panel">
        <h2>Headline</h2>
        <p className="muted small">
          Ratios against the baseline ({view.entries[view.comparison.baseline]?.label}); 95 % confidence
          intervals by Fieller’s method when both sides have two or more repetitions. Recomputed values show
          their formula id and the published figure.
        </p>
        <HeadlineTable view={view} />
      </section>

      {view.sweep && tput ? (
        <section className="panel">
          <h2>
            Sweep: {tput.label} by {view.sweep.parameter}
          </h2>
          <Chart
            ariaLabel={`${tput.label} against ${view.sweep.parameter}`}
            option={sweepOption(
              view.entries.map((e, i) => ({ label: e.label, value: tput.cells[i]?.value ?? null })),
              tput.unit,
            )}
            style={{ height: 320 }}
          />
        </section>
      ) : null}

      {spectrum || elapsed ? (
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
        <p className="muted small" data-testid="check-counts">
          {counts.flag ?? 0} flagged · {counts.needs_review ?? 0} need review · {counts.unknown ?? 0} unknown
          · {counts.pass ?? 0} pass
        </p>
        <ul className="checks">
          {view.checks.map((c) => (
            <CheckItem key={c.id} view={view} check={c} />
          ))}
        </ul>
      </section>

      <section className="panel">
        <h2>Provenance diff</h2>
        <ProvenanceDiff view={view} />
      </section>
    </article>
  );
}
