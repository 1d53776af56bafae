'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { errorText } from '~/trpc/errors';
import { useTRPC } from '~/trpc/react';

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
  const baseline = Math.min(chosenBaseline, entries.length - 1);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.comparisons.create.mutationOptions({
      onSuccess: ({ slug: saved }) => router.push(`/c/${saved}`),
      onError: (e) =>
        setError(errorText(e, 'Could not save the comparison: check your connection and try again.')),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate({
      projectId,
      comparison: {
        title,
        slug,
        baseline,
        subject: [subject],
        entries: entries.map((e) => ({ label: labelOf(e), runIds: e.runIds })),
      },
    });
  };
  return (
    <form className="form panel" onSubmit={submit} aria-label="Save comparison">
      <h2>Save comparison</h2>
      <p className="muted small">
        Saved in {projectName}. The slug is the comparison’s address, unique across Levelfield.
      </p>
      <label>
        Title
        <input name="title" required value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        Slug
        <input
          name="slug"
          required
          value={slug}
          placeholder="e.g. pgbench-8-vs-32-clients"
          onChange={(e) => setSlug(e.target.value)}
        />
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
      <fieldset>
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
      </fieldset>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={save.isPending || problem !== null}>
          Save comparison
        </button>
      </div>
    </form>
  );
}
