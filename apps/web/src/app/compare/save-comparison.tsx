'use client';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTRPC } from '~/trpc/react';

interface Props {
  projectId: string;
  projectName: string;
  runs: { id: string; label: string }[];
}

export function SaveComparison({ projectId, projectName, runs }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [labels, setLabels] = useState(runs.map((r) => r.label));
  const [baseline, setBaseline] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.comparisons.create.mutationOptions({
      onSuccess: ({ slug: saved }) => router.push(`/c/${saved}`),
      onError: (e) => {
        if (e instanceof TRPCClientError) {
          const issues = (e.data as { zodError?: { fieldErrors?: Record<string, string[]> } } | undefined)
            ?.zodError;
          setError(
            issues?.fieldErrors ? Object.values(issues.fieldErrors).flat().join(' ') || e.message : e.message,
          );
        } else setError('Could not save the comparison.');
      },
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
        entries: runs.map((r, i) => ({ label: labels[i] ?? r.label, runIds: [r.id] })),
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
      <fieldset>
        <legend>Entries and baseline</legend>
        {runs.map((r, i) => (
          <div key={r.id} className="toolbar-row" style={{ justifyContent: 'flex-start', gap: '0.5rem' }}>
            <input
              type="radio"
              name="baseline"
              aria-label={`Baseline: entry ${i + 1}`}
              checked={baseline === i}
              onChange={() => setBaseline(i)}
            />
            <input
              aria-label={`Label of entry ${i + 1}`}
              value={labels[i] ?? ''}
              onChange={(e) => setLabels(labels.map((l, j) => (j === i ? e.target.value : l)))}
            />
          </div>
        ))}
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={save.isPending}>
          Save comparison
        </button>
      </div>
    </form>
  );
}
