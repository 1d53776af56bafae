// Who may do what: the policy as pure functions (input → decision), with no database and no
// framework, so the whole table is tested exhaustively (access.test.ts):
//
//   Roles (per organization, so they apply to all its projects): owner > editor > reviewer > viewer.
//   `can(role, action)` is the pure table; see MIN_ROLE below.
//
//   Visibility: a non-member (or an anonymous visitor) may `view` a public or unlisted project and
//   nothing else. A private project does not exist for them: every check answers NOT_FOUND —
//   never FORBIDDEN, which would confirm that it exists. Members lacking the role get FORBIDDEN
//   with a message naming the role they need; anonymous visitors of a visible project get
//   UNAUTHENTICATED ("sign in"). `decide` is that rule, `denialError` the AppError it becomes.
//
// Applying it: `requireProject`, `requireOrg` and `requireRun` (server/access-checks.ts) load the
// thing and the viewer's role and ask `decide`; the tRPC procedure builders (`projectProcedure`,
// `orgProcedure`, `runProcedure` in server/trpc.ts) run those checks on a procedure's input.
// Pages turn the errors into responses with `guard()` (server/access-page.ts); REST and download
// routes with `errorResponse()` (server/rest/http.ts).
import 'server-only';
import { AppError } from '@levelfield/contracts/errors';
import type { Role, Visibility } from '@levelfield/db/client';
import { ROLES, RoleSchema } from '~/lib/schemas/orgs';

export type { Role };
// The roles are defined with the forms' schemas (lib/schemas/orgs.ts), which browsers load too.
export { ROLES, RoleSchema };

export const ACTIONS = [
  /** read the project and its runs, comparisons and reports */
  'view',
  /** see the members, pending invitations and API tokens (never the secrets) */
  'viewSettings',
  /** create projects; edit runs' declared provenance and disclosure, comparisons, project settings */
  'edit',
  /** open and answer review threads */
  'review',
  /** mark a flagged fairness check as waived, with a justification */
  'waiveCheck',
  /** publish or republish a report */
  'publish',
  /** create and revoke API tokens */
  'manageTokens',
  /** invite people, change roles, remove members */
  'manageMembers',
] as const;
export type Action = (typeof ACTIONS)[number];

const RANK: Record<Role, number> = { owner: 4, editor: 3, reviewer: 2, viewer: 1 };

/** The least role that may do each action; roles are ordered, so every higher role may too. */
export const MIN_ROLE: Record<Action, Role> = {
  view: 'viewer',
  viewSettings: 'viewer',
  review: 'reviewer',
  edit: 'editor',
  waiveCheck: 'editor',
  publish: 'editor',
  manageTokens: 'editor',
  manageMembers: 'owner',
};

export function atLeast(role: Role | null | undefined, min: Role): boolean {
  return role != null && RANK[role] >= RANK[min];
}

/** The permission table: may a member with this role do this? (null: not a member) */
export function can(role: Role | null | undefined, action: Action): boolean {
  return atLeast(role, MIN_ROLE[action]);
}

/** Roles ordered from most to least powerful, e.g. for a role picker. */
export function rolesByRank(): Role[] {
  return [...ROLES].sort((a, b) => RANK[b] - RANK[a]);
}

/** Why an action is refused, as the AppError code it is answered with. */
export type Denial = 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHENTICATED';

/**
 * The whole rule as a pure function. `visibility` null means the thing has no public face
 * (an organization), so it behaves like a private project.
 */
export function decide(input: {
  role: Role | null;
  signedIn: boolean;
  visibility: Visibility | null;
  action: Action;
}): 'allow' | Denial {
  const { role, signedIn, visibility, action } = input;
  if (role) return can(role, action) ? 'allow' : 'FORBIDDEN';
  if (visibility === null || visibility === 'private') return 'NOT_FOUND';
  if (action === 'view') return 'allow';
  return signedIn ? 'FORBIDDEN' : 'UNAUTHENTICATED';
}

const ACTION_PHRASE: Record<Action, string> = {
  view: 'Viewing this',
  viewSettings: 'Seeing members and API tokens',
  edit: 'Editing',
  review: 'Reviewing',
  waiveCheck: 'Waiving a fairness check',
  publish: 'Publishing reports',
  manageTokens: 'Creating and revoking API tokens',
  manageMembers: 'Inviting people and changing roles',
};

/** The refusal as the error the user reads: what happened and what to do about it. */
export function denialError(
  denial: Denial,
  what: string,
  action: Action,
  role: Role | null,
  orgSlug: string,
): AppError {
  if (denial === 'NOT_FOUND')
    return new AppError(
      'NOT_FOUND',
      `${what} does not exist, or you do not have access to it. Check the address, or ask an owner to invite you.`,
    );
  if (denial === 'UNAUTHENTICATED')
    return new AppError(
      'UNAUTHENTICATED',
      `Sign in to continue: ${ACTION_PHRASE[action].toLowerCase()} needs an account.`,
    );
  const needed = MIN_ROLE[action];
  const higher = needed === 'owner' ? 'the owner role' : `the ${needed} role or higher`;
  const yours = role
    ? `you are ${role === 'owner' || role === 'editor' ? 'an' : 'a'} ${role}`
    : 'you are not a member';
  return new AppError(
    'FORBIDDEN',
    `${ACTION_PHRASE[action]} needs ${higher} in ${orgSlug}; ${yours}. Ask an owner of ${orgSlug} to change your role.`,
  );
}

/** What the viewer may do, for showing or hiding controls (the checks run again on each action). */
export function permissionsOf(role: Role | null): Record<Action, boolean> {
  return Object.fromEntries(ACTIONS.map((action) => [action, can(role, action)])) as Record<Action, boolean>;
}
