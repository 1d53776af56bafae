// Titles of related comparisons (leveled variants of one publication) share a long head —
// "SpacetimeDB vs PostgreSQL, keynote-2 …" — and listing them whole repeats it for each. A list
// beside the comparison shows what tells each apart: the words after the head it shares with the
// current title.

/** `title` without the leading words it shares with `current`; the whole title if that leaves nothing. */
export function siblingTitle(title: string, current: string): string {
  const words = title.split(' ');
  const others = current.split(' ');
  let shared = 0;
  while (shared < words.length && words[shared] === others[shared]) shared++;
  const rest = words.slice(shared).join(' ');
  return shared === 0 || rest === '' ? title : rest;
}
