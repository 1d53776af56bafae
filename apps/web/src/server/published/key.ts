// The identity of a published result, so that importing the same publication twice finds the
// run stored the first time instead of adding a duplicate. The key is a SHA-256 over the
// validated result in canonical JSON (members sorted, defaults filled in, quantities parsed,
// the date as an instant, values in a fixed order), stored in the run's labels; any change to
// what was entered — a corrected value, more provenance — makes a new result.
import 'server-only';
import { createHash } from 'node:crypto';
import { canonicalJson } from '@levelfield/contracts/canonical';
import type { PublishedResult } from './schema.ts';

/** The run label holding the key. */
export const PUBLISHED_KEY_LABEL = 'publishedKey';

export function publishedKey(result: PublishedResult): string {
  const values = result.values
    .map((v) => ({ v, text: canonicalJson(v) }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map(({ v }) => v);
  const normalized = {
    ...result,
    publishedAt: result.publishedAt ? new Date(result.publishedAt).toISOString() : undefined,
    values,
  };
  return createHash('sha256').update(canonicalJson(normalized), 'utf8').digest('hex');
}
