// Slugs name organizations and projects in URLs (/orgs/acme/projects/tpcc) and in the agent's
// --project flag, so they are short, lowercase and URL-safe; comparisons and reports (/c/…, /r/…)
// have their own.
import { z } from 'zod';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** Path segments the app uses itself. */
export const RESERVED_SLUGS = new Set(['new', 'settings', 'members', 'projects', 'tokens', 'api', 'admin']);

/** Free text as slug characters: "Acme Benchmarks!" → "acme-benchmarks" (may be empty or reserved). */
export function slugText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    SLUG_PATTERN,
    'Use 1–40 lowercase letters, digits and hyphens, starting and ending with a letter or digit (e.g. "tpcc-2026")',
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), { message: 'This word is reserved; choose another slug' });

/** The random tail of a slug that outsiders must not guess ("--k3x9q2mz"; server/unguessable-slug.ts). */
export const RANDOM_SUFFIX = /--[a-z0-9]{8}$/;

/**
 * Comparison (and report) slugs are unique across the installation and appear in links; those of
 * what not everyone may see end in a random suffix.
 */
export const ComparisonSlug = z
  .string()
  .trim()
  .min(3, 'a slug needs at least 3 characters')
  .max(100, 'a slug has at most 100 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*(?:--[a-z0-9]{8})?$/,
    'use lower-case letters, digits and single hyphens, e.g. rama-vs-crdb',
  );
