'use client';
// Opening a thread: pick what it is about from the anchors of the version being read (a check,
// a headline cell, a run's provenance field, a time range of a chart), then write the question.
// Only anchors the version has are offered; the form checks the choice with the procedure's
// schema (lib/schemas/review.ts), and the server checks it again against the snapshot.
// A check's "Discuss" link (#discuss-<id>) brings the reviewer here with that check chosen.
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FieldError, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { KIND_TITLES } from '~/components/review/threads-by-anchor';
import { type ReviewAnchor, OpenThreadForm as Schema } from '~/lib/schemas/review';
import type { ReportAnchors } from '~/server/reports/anchors-of';
import { useTRPC } from '~/trpc/react';
import { CommentField } from './comment-field';
import { discussedCheck } from './discuss';

type Kind = ReviewAnchor['kind'];

const FORM_ID = 'open-thread';

interface Choice {
  kind: Kind;
  /** Index into the list of that kind (checks, cells, runs, charts). */
  index: number;
  /** For fields: the path. */
  path: string;
  from: string;
  to: string;
}

function kindsOf(anchors: ReportAnchors): Kind[] {
  const available: Record<Kind, boolean> = {
    check: anchors.checks.length > 0,
    cell: anchors.cells.length > 0,
    field: anchors.runs.length > 0 && anchors.fields.length > 0,
    range: anchors.charts.length > 0,
  };
  return (Object.keys(KIND_TITLES) as Kind[]).filter((k) => available[k]);
}

/** The anchor the choices describe, as the schema reads it (it says what is missing). */
function anchorOf(anchors: ReportAnchors, c: Choice): unknown {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  switch (c.kind) {
    case 'check':
      return { kind: 'check', checkId: anchors.checks[c.index]?.checkId };
    case 'cell': {
      const cell = anchors.cells[c.index];
      return { kind: 'cell', metric: cell?.metric, entry: cell?.entry };
    }
    case 'field': {
      const run = anchors.runs[c.index];
      return { kind: 'field', entry: run?.entry, run: run?.run, path: c.path };
    }
    case 'range':
      return { kind: 'range', chart: anchors.charts[c.index]?.chart, from: number(c.from), to: number(c.to) };
  }
}

function AnchorFields({
  anchors,
  choice,
  set,
}: {
  anchors: ReportAnchors;
  choice: Choice;
  set: (patch: Partial<Choice>) => void;
}) {
  const pick = (label: string, options: string[]) => (
    <label>
      <span className="small">{label}</span>
      <select value={choice.index} onChange={(e) => set({ index: Number(e.target.value) })}>
        {options.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are the anchors' positions
          <option key={i} value={i}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  switch (choice.kind) {
    case 'check':
      return pick(
        'Check',
        anchors.checks.map((c) => `${c.checkId} — ${c.title} (${c.state.replace('_', ' ')})`),
      );
    case 'cell':
      return pick(
        'Cell',
        anchors.cells.map((c) => `${c.label} › ${c.entry}`),
      );
    case 'field':
      return (
        <>
          {pick(
            'Run',
            anchors.runs.map((r) => `${r.entry} › ${r.name}`),
          )}
          <label>
            <span className="small">Field</span>
            <select value={choice.path} onChange={(e) => set({ path: e.target.value })}>
              {anchors.fields.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </select>
          </label>
        </>
      );
    case 'range': {
      const chart = anchors.charts[choice.index];
      const bound = (name: 'from' | 'to', label: string) => (
        <label>
          <span className="small">
            {label} ({chart?.unit})
          </span>
          <input
            type="number"
            step="any"
            min={chart?.from}
            max={chart?.to}
            value={choice[name]}
            onChange={(e) => set({ [name]: e.target.value })}
          />
        </label>
      );
      return (
        <>
          {pick(
            'Chart',
            anchors.charts.map((c) => `${c.chart} (${c.from}–${c.to} ${c.unit})`),
          )}
          {bound('from', 'From')}
          {bound('to', 'To')}
        </>
      );
    }
  }
}

export function OpenThreadForm({
  slug,
  version,
  anchors,
  onOpened,
}: {
  slug: string;
  version: number;
  anchors: ReportAnchors;
  onOpened: (threadId: string) => Promise<void>;
}) {
  const trpc = useTRPC();
  const kinds = kindsOf(anchors);
  const [choice, setChoice] = useState<Choice>({
    kind: kinds[0] ?? 'check',
    index: 0,
    path: anchors.fields[0] ?? '',
    from: '',
    to: '',
  });
  const [body, setBody] = useState('');
  const element = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const follow = () => {
      const checkId = discussedCheck(window.location.hash);
      const index = anchors.checks.findIndex((c) => c.checkId === checkId);
      if (index < 0) return;
      setChoice((c) => ({ ...c, kind: 'check', index }));
      element.current?.scrollIntoView({ block: 'center' });
      element.current?.querySelector('textarea')?.focus({ preventScroll: true });
      // Point the address at the form, so "Discuss" on the same check works a second time.
      window.history.replaceState(null, '', `#${FORM_ID}`);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [anchors.checks]);
  const open = useMutation(trpc.reports.threads.open.mutationOptions());
  const form = useZodForm(
    Schema,
    async (input) => {
      const { id } = await open.mutateAsync({ slug, version, ...input });
      setBody('');
      await onOpened(id);
    },
    { read: () => ({ anchor: anchorOf(anchors, choice), body }) },
  );
  if (kinds.length === 0) return null;

  const set = (patch: Partial<Choice>) => setChoice((c) => ({ ...c, ...patch }));

  return (
    <form
      ref={element}
      id={FORM_ID}
      className="open-thread"
      onSubmit={form.onSubmit}
      aria-labelledby="open-thread-title"
    >
      <h3 id="open-thread-title">Open a thread</h3>
      <div className="open-thread-anchor">
        <label>
          <span className="small">About</span>
          <select value={choice.kind} onChange={(e) => set({ kind: e.target.value as Kind, index: 0 })}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_TITLES[k]}
              </option>
            ))}
          </select>
        </label>
        <AnchorFields anchors={anchors} choice={choice} set={set} />
      </div>
      <FieldError form={form} path="anchor" />
      <CommentField label="Your question or objection" rows={3} value={body} onChange={setBody} form={form} />
      <div className="review-buttons">
        <SubmitButton pending={form.pending} busyLabel={`Open thread on version ${version}`}>
          {`Open thread on version ${version}`}
        </SubmitButton>
      </div>
    </form>
  );
}
