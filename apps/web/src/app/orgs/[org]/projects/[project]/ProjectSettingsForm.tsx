'use client';
import { VisibilityField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FieldError, FormAlert, FormNotice, SubmitButton } from '~/components/forms/form-parts';
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
      <label>
        Project name
        <input name="name" required maxLength={100} defaultValue={name} {...form.field('name')} />
        <FieldError form={form} path="name" />
      </label>
      <VisibilityField form={form} initial={visibility} />
      <SubmitButton pending={form.pending} busyLabel="Saving…">
        Save settings
      </SubmitButton>
    </form>
  );
}
