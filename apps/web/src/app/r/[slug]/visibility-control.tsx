'use client';
// For members who may publish: who may read this report. The change applies to every version
// at once (visibility belongs to the report, not to a version).
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { VISIBILITY_HELP } from '~/components/reports/visibility-help';
import type { PublishReport } from '~/server/reports/schema';
import { errorText } from '~/trpc/errors';
import { TRPCReactProvider, useTRPC } from '~/trpc/react';

type Visibility = PublishReport['visibility'];

function VisibilityForm({ slug, visibility }: { slug: string; visibility: Visibility }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [chosen, setChosen] = useState<Visibility>(visibility);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation(
    trpc.reports.setVisibility.mutationOptions({
      onSuccess: (r) => {
        setMessage({ ok: true, text: `Saved: ${r.visibility} (${VISIBILITY_HELP[r.visibility]}).` });
        router.refresh();
      },
      onError: (e) => setMessage({ ok: false, text: errorText(e, 'Could not change the visibility.') }),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    save.mutate({ slug, visibility: chosen });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Change who may read this report">
      <label>
        <span className="small">Who may read it</span>{' '}
        <select
          value={chosen}
          onChange={(e) => setChosen(e.target.value as Visibility)}
          aria-label="Report visibility"
        >
          {(Object.keys(VISIBILITY_HELP) as Visibility[]).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
        <span className="muted small">{VISIBILITY_HELP[chosen]}</span>
      </label>
      <button type="submit" className="button small" disabled={save.isPending || chosen === visibility}>
        Save
      </button>
      {message ? (
        <span className={message.ok ? 'ok-text' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </span>
      ) : null}
    </form>
  );
}

export function VisibilityControl(props: { slug: string; visibility: Visibility }) {
  return (
    <TRPCReactProvider>
      <VisibilityForm {...props} />
    </TRPCReactProvider>
  );
}
