'use client';
// Name and slug inputs: the slug follows the name until someone edits it by hand.
import { useState } from 'react';
import { FieldError } from '~/components/forms/form-parts';
import type { ZodForm } from '~/components/forms/use-zod-form';

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
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
      <label>
        {nameLabel}
        <input
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (!edited) setSlug(slugify(event.target.value));
          }}
          {...form.field('name')}
        />
        <FieldError form={form} path="name" />
      </label>
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
