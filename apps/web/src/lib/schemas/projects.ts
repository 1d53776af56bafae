// Inputs of the project forms (creation, settings, API tokens, webhooks), shared by the forms and
// the tRPC procedures. No server-only imports: this ships to browsers.
import { WebUrl } from '@levelfield/contracts/provenance';
import { z } from 'zod';
import { Slug } from './slug';

export const VISIBILITIES = ['private', 'unlisted', 'public'] as const;
export const VisibilitySchema = z.enum(VISIBILITIES, {
  error: 'Choose who can see the project: private, unlisted or public',
});

export const ProjectName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(100, 'Use at most 100 characters for the name');

export const CreateProjectInput = z.object({
  name: ProjectName,
  slug: Slug,
  visibility: VisibilitySchema.default('private'),
});
/**
 * Days the raw 1-second frames are kept; empty (null) keeps them for good. Minute rollups and run
 * summaries are always kept, and pages draw runs whose frames expired from them. A form sends text.
 */
export const RetentionDays = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Enter a number of days, or leave it empty to keep the frames for good' })
    .int('Enter whole days')
    .min(1, 'Keep the frames at least 1 day, or leave it empty to keep them for good')
    .max(3650, 'Keep the frames at most 3650 days, or leave it empty to keep them for good')
    .nullable(),
);

export const UpdateProjectInput = z.object({
  name: ProjectName,
  visibility: VisibilitySchema,
  /** Left out: unchanged. */
  rawFrameRetentionDays: RetentionDays.optional(),
});

export const TOKEN_SCOPES = ['ingest', 'read', 'write'] as const;
export const TokenScope = z.enum(TOKEN_SCOPES);

/** The lifetimes a token can be created with: days, or until revoked. */
export const TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;

export const CreateTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the token after where it will be used, e.g. "ci runner"')
    .max(80, 'Use at most 80 characters for the name'),
  scopes: z
    .array(TokenScope)
    .min(1, 'Choose at least one scope: ingest (for the agent), read or write (for scripts)')
    .transform((scopes) => [...new Set(scopes)].sort()),
  /** Days until the token stops working; "never" keeps it until it is revoked. */
  expires: z
    .enum(TOKEN_EXPIRIES, { error: `Choose when the token expires: ${TOKEN_EXPIRIES.join(', ')}` })
    .default('never'),
});

const Id = z.string().min(1).max(100);
export const RevokeTokenInput = z.object({ tokenId: Id });

export const CreateWebhook = z.object({
  url: WebUrl('the webhook address must be an http:// or https:// URL'),
  format: z.enum(['json', 'slack']).default('json'),
});
export type CreateWebhook = z.input<typeof CreateWebhook>;
export const DeleteWebhookInput = z.object({ id: Id });
