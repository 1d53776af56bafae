'use client';
import { NameSlugFields } from '~/components/accounts/fields';
import { fromAction } from '~/components/forms/form-controller';
import { FormAlert, SubmitButton } from '~/components/forms/form-parts';
import { useZodForm } from '~/components/forms/use-zod-form';
import { CreateOrganizationInput } from '~/lib/schemas/orgs';
import { createOrganizationAction } from '../actions';

export function NewOrgForm() {
  const form = useZodForm(CreateOrganizationInput, fromAction(createOrganizationAction));
  return (
    <form className="form" onSubmit={form.onSubmit} noValidate>
      <FormAlert form={form} />
      <NameSlugFields form={form} slugPrefix="/orgs/" nameLabel="Organization name" />
      <SubmitButton pending={form.pending} busyLabel="Creating…">
        Create organization
      </SubmitButton>
    </form>
  );
}
