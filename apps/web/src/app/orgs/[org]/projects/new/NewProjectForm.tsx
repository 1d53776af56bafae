'use client';
import { useActionState } from 'react';
import { NameSlugFields, VisibilityField } from '~/components/accounts/fields';
import { IDLE } from '~/components/accounts/form-state';
import { FormMessage, SubmitButton } from '~/components/accounts/ui';
import { createProjectAction } from '../../../actions';

export function NewProjectForm({ org }: { org: string }) {
  const [state, action] = useActionState(createProjectAction, IDLE);
  return (
    <form className="form" action={action} noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="org" value={org} />
      <NameSlugFields state={state} slugPrefix={`/orgs/${org}/projects/`} nameLabel="Project name" />
      <VisibilityField state={state} />
      <SubmitButton pending="Creating…">Create project</SubmitButton>
    </form>
  );
}
