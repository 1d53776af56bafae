'use client';
import { NameSlugFields, VisibilityField } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateProjectInput } from '~/lib/schemas/projects';
import { createProjectAction } from '../../../actions';

export function NewProjectForm({ org }: { org: string }) {
  const form = useZodForm(
    CreateProjectInput,
    fromAction((input) => createProjectAction(org, input)),
  );
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <NameSlugFields form={form} slugPrefix={`/orgs/${org}/projects/`} nameLabel="Project name" />
      <VisibilityField form={form} />
      <SubmitButton pending={form.pending} busyLabel="Creating…">
        Create project
      </SubmitButton>
    </form>
  );
}
