// What the two review forms (open a thread, reply) share: the comment box with its error line,
// and the body checked with the server's own schema before sending.
import { ReviewBody } from '~/lib/review-rules';

/** The trimmed body, or the sentence saying what is wrong with it. */
export function checkBody(body: string): { body: string } | { error: string } {
  const parsed = ReviewBody.safeParse(body);
  return parsed.success
    ? { body: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Write a comment first.' };
}

export function CommentField({
  label,
  showLabel = true,
  rows,
  placeholder,
  value,
  onChange,
  error,
}: {
  label: string;
  showLabel?: boolean;
  rows: number;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
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
        />
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
