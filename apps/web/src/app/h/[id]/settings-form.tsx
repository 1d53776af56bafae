'use client';
// A history's detection settings: shown to everyone, changed by editors and owners.
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { TRPCReactProvider, useTRPC } from '~/trpc/react';

interface Settings {
  maxPValue: number;
  minMagnitude: number;
}

function Form({ historyId, settings }: { historyId: string; settings: Settings }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [maxPValue, setMaxPValue] = useState(String(settings.maxPValue));
  const [minPercent, setMinPercent] = useState(String(settings.minMagnitude * 100));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.history.updateSettings.mutationOptions({
      onSuccess: () => {
        setError(null);
        router.refresh();
      },
      onError: (e) => setError(e instanceof TRPCClientError ? e.message : 'Could not save the settings.'),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ historyId, maxPValue: Number(maxPValue), minMagnitude: Number(minPercent) / 100 });
  };
  return (
    <form className="history-settings" onSubmit={submit}>
      <label>
        <span className="small">Largest p-value</span>
        <input inputMode="decimal" value={maxPValue} onChange={(e) => setMaxPValue(e.target.value)} />
      </label>
      <label>
        <span className="small">Smallest change (%)</span>
        <input inputMode="decimal" value={minPercent} onChange={(e) => setMinPercent(e.target.value)} />
      </label>
      <button type="submit" className="button" disabled={save.isPending}>
        Save settings
      </button>
      {error ? <p className="field-error">{error}</p> : null}
    </form>
  );
}

export function SettingsForm({
  historyId,
  settings,
  editable,
}: {
  historyId: string;
  settings: Settings;
  editable: boolean;
}) {
  if (!editable)
    return (
      <p className="small muted" data-testid="history-settings">
        Changes: E-Divisive means, p ≤ {settings.maxPValue}, at least{' '}
        {(settings.minMagnitude * 100).toFixed(1)} %.
      </p>
    );
  return (
    <TRPCReactProvider>
      <Form historyId={historyId} settings={settings} />
    </TRPCReactProvider>
  );
}
