'use client';
// For members who may publish: who may read this report. The change applies to every version
// at once (visibility belongs to the report, not to a version).
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FieldError, FormAlert, FormNotice, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { VISIBILITY_HELP } from '~/components/reports/visibility-help';
import { type ReportVisibility, SetVisibility } from '~/lib/schemas/reports';
import { TRPCReactProvider, useTRPC } from '~/trpc/react';

type Visibility = ReportVisibility;

/** Who may read it; the report is the control's own. */
const Chosen = SetVisibility.pick({ visibility: true });

function VisibilityForm({ slug, visibility }: { slug: string; visibility: Visibility }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [chosen, setChosen] = useState<Visibility>(visibility);
  const save = useMutation(trpc.reports.setVisibility.mutationOptions());
  const form = useZodForm(
    Chosen,
    async (input) => {
      const saved = await save.mutateAsync({ slug, ...input });
      // No longer public, the report moved off the slug it was public under: follow it there.
      if (saved.moved) router.replace(`/r/${saved.slug}`);
      else router.refresh();
      return saved;
    },
    { read: () => ({ visibility: chosen }) },
  );
  return (
    <form className="inline-form" onSubmit={form.onSubmit} aria-label="Change who may read this report">
      <label>
        <span className="small">Who may read it</span>{' '}
        <select
          value={chosen}
          onChange={(e) => setChosen(e.target.value as Visibility)}
          aria-label="Report visibility"
          {...form.field('visibility')}
        >
          {(Object.keys(VISIBILITY_HELP) as Visibility[]).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
        <span className="muted small">{VISIBILITY_HELP[chosen]}</span>
      </label>
      <SubmitButton
        className="button small"
        pending={form.pending}
        busyLabel="Save"
        disabled={form.pending || chosen === visibility}
      >
        Save
      </SubmitButton>
      <FieldError form={form} path="visibility" />
      <FormAlert form={form} inline />
      {form.result ? (
        <FormNotice form={form} inline>
          Saved: {form.result.visibility} ({VISIBILITY_HELP[form.result.visibility]}).
          {form.result.moved
            ? ` Its address is now /r/${form.result.slug}: the one it was public under no longer opens it.`
            : null}
        </FormNotice>
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
