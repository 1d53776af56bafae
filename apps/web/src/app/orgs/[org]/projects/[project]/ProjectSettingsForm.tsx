'use client';
import { useActionState } from 'react';
import { VisibilityField } from '~/components/accounts/fields';
import { IDLE } from '~/components/accounts/form-state';
import { FieldError, FormMessage, SubmitButton } from '~/components/accounts/ui';
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
  const [state, action] = useActionState(updateProjectAction, IDLE);
  return (
    <form className="form" action={action} noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="project" value={project} />
      <label>
        Project name
        <input name="name" required maxLength={100} defaultValue={state.values?.name ?? name} />
        <FieldError state={state} name="name" />
      </label>
      <VisibilityField state={state} initial={visibility} />
      <SubmitButton pending="Saving…">Save settings</SubmitButton>
    </form>
  );
}
