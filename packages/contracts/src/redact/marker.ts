/** Replaces every secret value. It says that something was there; the parts around it stay. */
export const REDACTED = '[REDACTED]';

/** The marker, perhaps in quotes and before punctuation: left as it is, so redacting twice changes nothing. */
export function alreadyRedacted(value: string): boolean {
  return value.replace(/^["';,)]+|["';,)]+$/g, '') === REDACTED;
}
