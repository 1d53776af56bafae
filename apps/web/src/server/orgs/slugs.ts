// Slugs name organizations and projects in URLs (/orgs/acme/projects/tpcc) and in the agent's
// --project flag, so they are short, lowercase and URL-safe.
import 'server-only';
import { RESERVED_SLUGS, slugText } from '~/lib/schemas/slug';

/** A slug suggestion from free text, never empty or reserved (then "team"). */
export function slugify(text: string): string {
  const slug = slugText(text);
  return slug && !RESERVED_SLUGS.has(slug) ? slug : 'team';
}

/** The first of base, base-2, base-3, … that `taken` says is free. */
export async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const candidate = `${base.slice(0, 40 - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`no free slug for ${base}`);
}
