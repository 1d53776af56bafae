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
}: {
  org: string;
  project: string;
  name: string;
  visibility: string;
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
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save settings
      </SubmitButton>
    </form>
  );
}
