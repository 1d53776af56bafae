// Search text inside SQL LIKE / ILIKE patterns (Prisma's `contains` is one): the wildcards `%`
// and `_` and the escape character `\` in what a person typed are matched literally.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
