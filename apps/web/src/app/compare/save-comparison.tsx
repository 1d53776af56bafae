'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateComparison } from '~/lib/schemas/comparisons';
import { useTRPC } from '~/trpc/react';
import { EMPTY_SWEEP, SweepFields, sweepOf } from './sweep-fields';

interface Props {
  projectId: string;
  projectName: string;
  /** The builder's entries: a run, or a group of repeated runs, with a proposed label. */
  entries: { label: string; runIds: string[] }[];
  /** Why these entries cannot be saved (too few or too many), shown instead of saving. */
  problem: string | null;
}

/** What a comparison may vary on purpose; the fairness checks flag every other difference. */
const SUBJECTS: { value: string; label: string }[] = [
  { value: 'system', label: 'the system (database, broker, …)' },
  { value: 'client.orm', label: 'the ORM' },
  { value: 'client.driver', label: 'the driver' },
  { value: 'client.language', label: 'the client language' },
  { value: 'version', label: 'the version of one system' },
  { value: 'configuration', label: 'the configuration' },
  { value: 'settings.durability', label: 'the durability setting' },
  { value: 'instance type', label: 'the instance type (hardware)' },
  { value: 'scale', label: 'the scale (node count, dataset size)' },
];

/** Labels typed for an entry stay with its runs while the grouping changes around it. */
const entryKey = (runIds: readonly string[]) => runIds.join(',');

export function SaveComparison({ projectId, projectName, entries, problem }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const labelOf = (e: Props['entries'][number]) => typed[entryKey(e.runIds)] ?? e.label;
  const [subject, setSubject] = useState('system');
  const [chosenBaseline, setBaseline] = useState(0);
  const [sweep, setSweep] = useState(EMPTY_SWEEP);
  const baseline = Math.min(chosenBaseline, entries.length - 1);
  const save = useMutation(trpc.comparisons.create.mutationOptions());
  const form = useZodForm(
    CreateComparison,
    async (comparison) => {
      const saved = await save.mutateAsync({ projectId, ...comparison });
      router.push(`/c/${saved.slug}`);
    },
    // The values are the component's state, not the form's fields: a typed label stays with its
    // runs while the builder regroups them (entryKey), and the baseline follows the entry count.
    {
      read: () => ({
        title,
        slug,
        baseline,
        subject: [subject],
        entries: entries.map((e) => ({ label: labelOf(e), runIds: e.runIds })),
        sweep: sweepOf(
          sweep,
          entries.map((e) => entryKey(e.runIds)),
        ),
      }),
    },
  );
  return (
    <form className="form panel" onSubmit={form.onSubmit} aria-label="Save comparison" noValidate>
      <h2>Save comparison</h2>
      <p className="muted small">
        Saved in {projectName}. The slug is the comparison’s address, unique across Levelfield; in a project
        that is not public it gets a random suffix (“--k3x9q2mz”), so no one outside can guess it.
      </p>
      <label>
        Title
        <input
          name="title"
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          {...form.field('title')}
        />
        <FieldError form={form} path="title" />
      </label>
      <label>
        Slug
        <input
          name="slug"
          required
          value={slug}
          placeholder="e.g. pgbench-8-vs-32-clients"
          onChange={(e) => setSlug(e.target.value)}
          {...form.field('slug')}
        />
        <FieldError form={form} path="slug" />
      </label>
      <label>
        Compared on purpose
        <select value={subject} onChange={(e) => setSubject(e.target.value)}>
          {SUBJECTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <span className="muted small">
          This difference is the point of the comparison; the fairness checks flag every other one.
        </span>
      </label>
      <fieldset {...form.field('entries')}>
        <legend>Entries and baseline</legend>
        {entries.map((e, i) => (
          <div
            key={entryKey(e.runIds)}
            className="toolbar-row"
            style={{ justifyContent: 'flex-start', gap: '0.5rem' }}
          >
            <input
              type="radio"
              name="baseline"
              aria-label={`Baseline: entry ${i + 1}`}
              checked={baseline === i}
              onChange={() => setBaseline(i)}
            />
            <input
              aria-label={`Label of entry ${i + 1}`}
              value={labelOf(e)}
              onChange={(event) => setTyped({ ...typed, [entryKey(e.runIds)]: event.target.value })}
            />
            <span className="muted small">{e.runIds.length === 1 ? '1 run' : `${e.runIds.length} runs`}</span>
          </div>
        ))}
        <FieldError form={form} path="entries" />
      </fieldset>
      <SweepFields
        draft={sweep}
        onChange={setSweep}
        entries={entries.map((e) => ({ key: entryKey(e.runIds), label: labelOf(e) }))}
      />
      <FieldError form={form} path="sweep" />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <FormAlert form={form} inline />
      <div className="form-actions">
        <SubmitButton pending={form.pending} busyLabel="Saving…" disabled={form.pending || problem !== null}>
          Save comparison
        </SubmitButton>
      </div>
    </form>
  );
}
