// "Discuss" on a check of the report opens the thread form anchored to that check: the link sets
// the address's hash to #discuss-<check id>, and the form (OpenThreadForm) reads it — on load and
// on every change — instead of making the reviewer find the check again in a list of 39.
const PREFIX = '#discuss-';

export function discussHref(checkId: string): string {
  return `${PREFIX}${checkId}`;
}

/** The check a #discuss-… hash names, or null for any other hash. */
export function discussedCheck(hash: string): string | null {
  return hash.startsWith(PREFIX) ? decodeURIComponent(hash.slice(PREFIX.length)) : null;
}
