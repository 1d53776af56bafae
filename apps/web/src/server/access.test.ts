// The permission table, exhaustively: every role × every action, and the visibility rule.
import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  can,
  decide,
  denialError,
  MIN_ROLE,
  permissionsOf,
  ROLES,
  type Role,
  rolesByRank,
} from './access.ts';

// Written out by hand on purpose: a change to MIN_ROLE must change this table too.
const EXPECTED: Record<Role, Record<Action, boolean>> = {
  owner: {
    view: true,
    viewSettings: true,
    edit: true,
    review: true,
    waiveCheck: true,
    publish: true,
    manageTokens: true,
    manageMembers: true,
  },
  editor: {
    view: true,
    viewSettings: true,
    edit: true,
    review: true,
    waiveCheck: true,
    publish: true,
    manageTokens: true,
    manageMembers: false,
  },
  reviewer: {
    view: true,
    viewSettings: true,
    edit: false,
    review: true,
    waiveCheck: false,
    publish: false,
    manageTokens: false,
    manageMembers: false,
  },
  viewer: {
    view: true,
    viewSettings: true,
    edit: false,
    review: false,
    waiveCheck: false,
    publish: false,
    manageTokens: false,
    manageMembers: false,
  },
};

describe('can(role, action)', () => {
  const cases = ROLES.flatMap((role) =>
    ACTIONS.map((action) => [role, action, EXPECTED[role][action]] as const),
  );

  it('covers every role and action', () => {
    expect(cases).toHaveLength(ROLES.length * ACTIONS.length);
    expect(Object.keys(MIN_ROLE).sort()).toEqual([...ACTIONS].sort());
  });

  it.each(cases)('%s may %s: %s', (role, action, allowed) => {
    expect(can(role, action)).toBe(allowed);
  });

  it.each(ACTIONS)('a non-member may not %s by role alone', (action) => {
    expect(can(null, action)).toBe(false);
    expect(can(undefined, action)).toBe(false);
  });

  it('is monotone: a higher role may do everything a lower one may', () => {
    const ranked = rolesByRank();
    expect(ranked).toEqual(['owner', 'editor', 'reviewer', 'viewer']);
    for (let i = 1; i < ranked.length; i++) {
      for (const action of ACTIONS) {
        if (can(ranked[i], action)) expect(can(ranked[i - 1], action)).toBe(true);
      }
    }
  });

  it('permissionsOf lists the same table', () => {
    for (const role of ROLES) expect(permissionsOf(role)).toEqual(EXPECTED[role]);
    expect(Object.values(permissionsOf(null)).every((allowed) => !allowed)).toBe(true);
  });
});

describe('decide: membership and visibility', () => {
  const visibilities = ['private', 'unlisted', 'public', null] as const;

  it.each(
    ROLES.flatMap((role) =>
      visibilities.flatMap((visibility) => ACTIONS.map((action) => [role, visibility, action] as const)),
    ),
  )('a %s of a %s project asking to %s gets the table answer or FORBIDDEN', (role, visibility, action) => {
    expect(decide({ role, signedIn: true, visibility, action })).toBe(
      EXPECTED[role][action] ? 'allow' : 'FORBIDDEN',
    );
  });

  it.each(ACTIONS.flatMap((action) => [true, false].map((signedIn) => [action, signedIn] as const)))(
    'a private project does not exist for outsiders: %s (signed in: %s) → NOT_FOUND',
    (action, signedIn) => {
      expect(decide({ role: null, signedIn, visibility: 'private', action })).toBe('NOT_FOUND');
      expect(decide({ role: null, signedIn, visibility: null, action })).toBe('NOT_FOUND');
    },
  );

  it.each(['public', 'unlisted'] as const)(
    'anyone may view a %s project and do nothing else there',
    (visibility) => {
      for (const action of ACTIONS) {
        const expected = action === 'view' ? 'allow' : undefined;
        expect(decide({ role: null, signedIn: true, visibility, action })).toBe(expected ?? 'FORBIDDEN');
        expect(decide({ role: null, signedIn: false, visibility, action })).toBe(
          expected ?? 'UNAUTHENTICATED',
        );
      }
    },
  );
});

describe('denialError(denial, …)', () => {
  it('is the AppError of the denial, with a message that says what to do', () => {
    expect(denialError('NOT_FOUND', 'The project acme/x', 'view', null, '')).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: expect.stringMatching(/^The project acme\/x does not exist, .* Check the address/),
    });
    expect(denialError('UNAUTHENTICATED', 'This report', 'review', null, 'acme')).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
      message: 'Sign in to continue: reviewing needs an account.',
    });
  });

  it('names the role an action needs, the role the viewer has, and whom to ask', () => {
    expect(denialError('FORBIDDEN', 'This project', 'publish', 'viewer', 'acme')).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message:
        'Publishing reports needs the editor role or higher in acme; you are a viewer. Ask an owner of acme to change your role.',
    });
    expect(denialError('FORBIDDEN', 'This organization', 'manageMembers', 'editor', 'acme').message).toMatch(
      /needs the owner role in acme; you are an editor/,
    );
  });
});
