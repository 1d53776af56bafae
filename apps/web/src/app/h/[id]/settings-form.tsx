'use client';
// A history's detection settings: shown to everyone, changed by editors and owners.
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FieldError, FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { formatFixed } from '~/lib/format';
import { HistorySettings } from '~/lib/schemas/history';
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
  const save = useMutation(trpc.history.updateSettings.mutationOptions());
  const form = useZodForm(
    HistorySettings,
    async (input) => {
      await save.mutateAsync({ historyId, ...input });
      router.refresh();
    },
    // The smallest change is typed in percent and stored as a fraction.
    { read: () => ({ maxPValue: Number(maxPValue), minMagnitude: Number(minPercent) / 100 }) },
  );
  return (
    <form className="history-settings" onSubmit={form.onSubmit}>
      <label>
        <span className="small">Largest p-value</span>
        <input
          inputMode="decimal"
          value={maxPValue}
          onChange={(e) => setMaxPValue(e.target.value)}
          {...form.field('maxPValue')}
        />
      </label>
      <label>
        <span className="small">Smallest change (%)</span>
        <input
          inputMode="decimal"
          value={minPercent}
          onChange={(e) => setMinPercent(e.target.value)}
          {...form.field('minMagnitude')}
        />
      </label>
      <SubmitButton className="button" pending={form.pending} busyLabel="Save settings">
        Save settings
      </SubmitButton>
      <FieldError form={form} path="maxPValue" />
      <FieldError form={form} path="minMagnitude" />
      <FormAlert form={form} inline />
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
        {formatFixed(settings.minMagnitude * 100, 1)} %.
      </p>
    );
  return (
    <TRPCReactProvider>
      <Form historyId={historyId} settings={settings} />
    </TRPCReactProvider>
  );
}
