// Comparison (/c/…) and report (/r/…) slugs are unique across the installation. Were a private
// comparison to hold the slug it was saved under ("postgres-vs-oracle-migration-eval"), anyone
// asking for that slug in their own project would be told it is taken: an outsider could test
// guesses and learn that it exists. So what not everyone may see never holds a slug someone would
// ask for: a comparison in a project that is not public, and a report that is not public (an
// unlisted link must not be guessable either), get the slug asked for plus "--" and 8 random
// letters and digits (41 bits) that no one guesses and no one else asks for. The double hyphen
// marks the suffix (a slug typed by a person has single hyphens), so a slug that already carries
// one (a private comparison's, offered as its report's) gets a new one instead of a second.
// What stops being public moves the same way (slugAfterVisibility): the name it was public under
// is released, and an unlisted link is not the once-public one that anyone may have kept.
import 'server-only';
import { randomInt } from 'node:crypto';
import { AppError } from '@levelfield/contracts/errors';
import type { PrismaClient, Visibility } from '@levelfield/db/client';
import { RANDOM_SUFFIX } from '~/lib/schemas/slug';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const SUFFIX_LENGTH = 8;
/** ComparisonSlug's longest. */
const MAX_SLUG = 100;

function withRandomSuffix(slug: string): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  const base = slug
    .replace(RANDOM_SUFFIX, '')
    .slice(0, MAX_SLUG - SUFFIX_LENGTH - 2)
    .replace(/-+$/, '');
  return `${base}--${suffix}`;
}

/**
 * The slug a new comparison or report gets: the one asked for when everyone may see it (refused
 * with `taken` when another holds it: that one is public too, or was), else the one asked for with
 * a random suffix.
 */
export async function allocateSlug(
  asked: string,
  visibility: Visibility,
  isTaken: (slug: string) => Promise<boolean>,
  taken: string,
): Promise<string> {
  if (visibility === 'public') {
    if (await isTaken(asked)) throw new AppError('CONFLICT', taken, 'slug');
    return asked;
  }
  // A collision of 41 random bits is as good as impossible; a second try costs nothing.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const slug = withRandomSuffix(asked);
    if (!(await isTaken(slug))) return slug;
  }
  throw new AppError('CONFLICT', 'No free slug was found for this name: try again.', 'slug');
}

/**
 * The slug an existing comparison or report holds once who may see it changes: one someone would
 * ask for (no random suffix) moves to the same name with a suffix when it stops being public; a
 * suffixed one stays, and so does every slug of what is public.
 */
export async function slugAfterVisibility(
  slug: string,
  visibility: Visibility,
  isTaken: (slug: string) => Promise<boolean>,
): Promise<string> {
  if (visibility === 'public' || RANDOM_SUFFIX.test(slug)) return slug;
  return allocateSlug(slug, visibility, isTaken, '');
}

type SlugTables = Pick<PrismaClient, 'report' | 'comparison'>;

/** Whether a report holds the slug (report slugs are unique across the installation). */
export const reportSlugTaken = (db: SlugTables) => async (slug: string) =>
  (await db.report.findUnique({ where: { slug }, select: { id: true } })) !== null;

/** Whether a comparison holds the slug (comparison slugs are unique across the installation). */
export const comparisonSlugTaken = (db: SlugTables) => async (slug: string) =>
  (await db.comparison.findUnique({ where: { slug }, select: { id: true } })) !== null;
