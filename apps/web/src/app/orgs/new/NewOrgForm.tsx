'use client';
import { useActionState } from 'react';
import { NameSlugFields } from '~/components/accounts/fields';
import { IDLE } from '~/components/accounts/form-state';
import { FormMessage, SubmitButton } from '~/components/accounts/ui';
import { createOrganizationAction } from '../actions';

export function NewOrgForm() {
  const [state, action] = useActionState(createOrganizationAction, IDLE);
  return (
    <form className="form" action={action} noValidate>
      <FormMessage state={state} />
      <NameSlugFields state={state} slugPrefix="/orgs/" nameLabel="Organization name" />
      <SubmitButton pending="Creating…">Create organization</SubmitButton>
    </form>
  );
}
