'use client';
// Fields of the account and organization forms: your email, a new password (with its rule), and
// name and slug, where the slug follows the name until someone edits it by hand.
import { useState } from 'react';
import { FieldError, TextField } from '~/components/forms/form-parts';
import type { ZodForm } from '~/components/forms/use-zod-form';
import { slugText } from '~/lib/schemas/slug';

/** The signed-out person's own email (sign-in, sign-up). */
export function EmailField({ form, email }: { form: ZodForm<unknown>; email: string }) {
  return (
    <TextField
      form={form}
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      required
      defaultValue={email}
    />
  );
}

export function NewPasswordField({
  form,
  name,
  label,
  minLength,
}: {
  form: ZodForm<unknown>;
  name: string;
  label: string;
  minLength: number;
}) {
  return (
    <TextField
      form={form}
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={minLength}
      hint={`At least ${minLength} characters, and not a common password.`}
    />
  );
}

export function NameSlugFields({
  form,
  slugPrefix,
  nameLabel,
}: {
  form: ZodForm<unknown>;
  slugPrefix: string;
  nameLabel: string;
}) {
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [edited, setEdited] = useState(false);
  return (
    <>
      <TextField
        form={form}
        name="name"
        label={nameLabel}
        required
        maxLength={100}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (!edited) setSlug(slugText(event.target.value));
        }}
      />
      <label>
        Slug
        <span className="slug-input">
          <span className="slug-prefix">{slugPrefix}</span>
          <input
            name="slug"
            required
            maxLength={40}
            value={slug}
            onChange={(event) => {
              setSlug(event.target.value);
              setEdited(true);
            }}
            {...form.field('slug', 'slug-hint')}
          />
        </span>
        <span className="hint" id="slug-hint">
          Lowercase letters, digits and hyphens; used in links and by levelfield-agent --project.
        </span>
        <FieldError form={form} path="slug" />
      </label>
    </>
  );
}

const VISIBILITY_TEXT = {
  private: 'Only members of the organization can see it.',
  unlisted: 'Anyone with the link can see its runs; it is not listed anywhere.',
  public: 'Anyone can see its runs.',
} as const;

export function VisibilityField({ form, initial = 'private' }: { form: ZodForm<unknown>; initial?: string }) {
  return (
    <fieldset className="choices">
      <legend>Visibility</legend>
      {(['private', 'unlisted', 'public'] as const).map((value) => (
        <label key={value} className="choice">
          <input type="radio" name="visibility" value={value} defaultChecked={initial === value} />
          <span>
            <strong>{value[0]?.toUpperCase() + value.slice(1)}</strong>
            <span className="muted"> — {VISIBILITY_TEXT[value]}</span>
          </span>
        </label>
      ))}
      <FieldError form={form} path="visibility" />
    </fieldset>
  );
}
