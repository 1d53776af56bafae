'use client';
import { VisibilityField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, FormNotice, SubmitButton, TextField } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { UpdateProjectInput } from '~/lib/schemas/projects';
import { updateProjectAction } from '../../../actions';

export function ProjectSettingsForm({
  org,
  project,
  name,
  visibility,
  retentionDays,
}: {
  org: string;
  project: string;
  name: string;
  visibility: string;
  retentionDays: number | null;
}) {
  const form = useZodForm(
    UpdateProjectInput,
    fromAction((input) => updateProjectAction({ org, project }, input)),
  );
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <FormNotice form={form}>Saved.</FormNotice>
      <TextField form={form} name="name" label="Project name" required maxLength={100} defaultValue={name} />
      <VisibilityField form={form} initial={visibility} />
      <TextField
        form={form}
        name="rawFrameRetentionDays"
        label="Keep raw 1-second frames for (days)"
        type="number"
        min={1}
        max={3650}
        inputMode="numeric"
        defaultValue={retentionDays ?? ''}
        hint="Empty keeps them for good. Minute rollups and run summaries are always kept: a run whose frames expired is still drawn, from its rollups."
      />
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save settings
      </SubmitButton>
    </form>
  );
}
