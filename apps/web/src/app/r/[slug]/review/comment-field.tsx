// The comment box of the two review forms (open a thread, reply), with the body's error beside it
// and, where the server refused for another reason, its message.
import { FieldError, FormAlert } from '~/components/forms/form-parts';
import type { ZodForm } from '~/components/forms/use-zod-form';

export function CommentField({
  label,
  showLabel = true,
  rows,
  placeholder,
  value,
  onChange,
  form,
}: {
  label: string;
  showLabel?: boolean;
  rows: number;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  form: ZodForm<unknown>;
}) {
  return (
    <>
      <label>
        <span className={showLabel ? 'small' : 'sr-only'}>{label}</span>
        <textarea
          name="body"
          rows={rows}
          maxLength={10_000}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...form.field('body')}
        />
      </label>
      <FieldError form={form} path="body" />
      <FormAlert form={form} inline />
    </>
  );
}
