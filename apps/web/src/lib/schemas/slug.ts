// Slugs name organizations and projects in URLs (/orgs/acme/projects/tpcc) and in the agent's
// --project flag, so they are short, lowercase and URL-safe.
import { z } from 'zod';

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** Path segments the app uses itself. */
export const RESERVED_SLUGS = new Set(['new', 'settings', 'members', 'projects', 'tokens', 'api', 'admin']);

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    SLUG_PATTERN,
    'Use 1–40 lowercase letters, digits and hyphens, starting and ending with a letter or digit (e.g. "tpcc-2026")',
  )
  .refine((slug) => !RESERVED_SLUGS.has(slug), { message: 'This word is reserved; choose another slug' });
