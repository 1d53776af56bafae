// Throttling against a real PostgreSQL: bursts of parallel attempts, as an attacker sends them,
// at sign-in, password change and sign-up; per account and per client address. Time is passed
// in, so every wait is exact.

import { appErrorOf } from '@levelfield/contracts/errors';
import { createPrismaClient, type PrismaClient } from '@levelfield/db/client';
import { createTestDatabase, type TestDatabase } from '@levelfield/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword, SignUpInput, signUp } from './account';
import { passwordSignIn } from './sign-in';
import {
  attemptWait,
  describeWait,
  reserveAttempt,
  SIGN_IN_PER_ACCOUNT,
  SIGN_IN_PER_ADDRESS,
  SIGN_UP_PER_ADDRESS,
  waitAfter,
} from './throttle';

let database: TestDatabase;
let db: PrismaClient;

beforeAll(async () => {
  database = await createTestDatabase('throttle');
  // Enough connections that parallel attempts really run side by side.
  db = createPrismaClient(database.url, { max: 10 });
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const t0 = Date.UTC(2026, 10, 25, 8, 0, 0);
const PASSWORD = 'a perfectly good passphrase';

async function account(email: string, address = '192.0.2.1'): Promise<string> {
  await signUp(db, SignUpInput.parse({ email, name: 'Someone', password: PASSWORD }), address, t0);
  return (await db.user.findUniqueOrThrow({ where: { email } })).id;
}

/** How each call ended: 'ok', or the AppError's code, or the sign-in's reason. */
async function outcomes(calls: Promise<unknown>[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const result of await Promise.allSettled(calls)) {
    let outcome: string;
    if (result.status === 'rejected') {
      outcome = appErrorOf(result.reason)?.code ?? `unexpected ${result.reason}`;
    } else {
      const value = result.value as { ok?: boolean; reason?: string } | undefined;
      outcome = value?.ok === false ? (value.reason ?? 'failed') : 'ok';
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

describe('the throttle itself', () => {
  it('lets the free attempts through, then makes each wait, doubling up to 15 minutes', async () => {
    const attempt = { limit: SIGN_IN_PER_ACCOUNT, subject: 'Target@Example.test' };
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.free; i += 1) {
      expect(await reserveAttempt(db, [attempt], t0 + i)).toBeNull();
    }
    const last = t0 + SIGN_IN_PER_ACCOUNT.free - 1;
    // Case and spaces do not make another key.
    const same = { ...attempt, subject: ' target@example.TEST ' };
    expect(await attemptWait(db, same, last)).toBe(30_000);
    expect(await reserveAttempt(db, [same], last + 10_000)).toEqual({
      waitMs: 20_000,
      message: 'Too many failed sign-ins for this email. Wait 20 seconds, then try again.',
    });
    // A refused attempt is not counted: the wait did not grow.
    expect(await attemptWait(db, same, last + 10_000)).toBe(20_000);
    expect(await reserveAttempt(db, [same], last + 30_000)).toBeNull();
    expect(await attemptWait(db, same, last + 30_000)).toBe(60_000);
    expect([5, 6, 9, 10, 20].map((n) => waitAfter(n))).toEqual([30_000, 60_000, 480_000, 900_000, 900_000]);
    expect(waitAfter(19, SIGN_IN_PER_ADDRESS.free)).toBe(0);
    // Another subject is not affected, and after an hour the count starts again.
    expect(await attemptWait(db, { ...attempt, subject: 'bystander@example.test' }, last)).toBe(0);
    expect(await attemptWait(db, attempt, last + 30_000 + 61 * 60_000)).toBe(0);
  });

  it('says the wait in words', () => {
    expect([1000, 30_000, 89_000, 90_001, 900_000].map(describeWait)).toEqual([
      '1 second',
      '30 seconds',
      '89 seconds',
      '2 minutes',
      '15 minutes',
    ]);
  });
});

describe('sign-in', () => {
  it('checks at most 5 of 20 parallel wrong passwords for one account; the rest are told when to retry', async () => {
    await account('burst@example.test');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        passwordSignIn(
          db,
          { email: 'burst@example.test', password: `guess ${i}`, address: '198.51.100.1' },
          t0,
        ),
      ),
    );
    const checked = results.filter((r) => !r.ok && r.reason === 'mismatch');
    const refused = results.filter((r) => !r.ok && r.reason === 'throttled');
    expect(checked).toHaveLength(SIGN_IN_PER_ACCOUNT.free);
    expect(refused).toHaveLength(20 - SIGN_IN_PER_ACCOUNT.free);
    for (const r of refused) {
      expect(r).toMatchObject({
        message: 'Too many failed sign-ins for this email. Wait 30 seconds, then try again.',
      });
    }
    // The right password waits too, until the wait is over.
    const right = { email: 'burst@example.test', password: PASSWORD, address: '198.51.100.1' };
    expect(await passwordSignIn(db, right, t0 + 1000)).toMatchObject({ ok: false, reason: 'throttled' });
    expect(await passwordSignIn(db, right, t0 + 30_000)).toMatchObject({ ok: true });
    // A success forgets the account's failures.
    expect(
      await attemptWait(db, { limit: SIGN_IN_PER_ACCOUNT, subject: 'burst@example.test' }, t0 + 30_000),
    ).toBe(0);
  });

  it('checks at most 20 attempts from one address across many accounts; other addresses go on', async () => {
    const spray = Array.from({ length: 26 }, (_, i) =>
      passwordSignIn(
        db,
        { email: `sprayed-${i}@example.test`, password: 'Summer2026!', address: '203.0.113.9' },
        t0,
      ),
    );
    expect(await outcomes(spray)).toEqual({ mismatch: SIGN_IN_PER_ADDRESS.free, throttled: 6 });
    const refused = await passwordSignIn(
      db,
      { email: 'sprayed-99@example.test', password: 'Summer2026!', address: '203.0.113.9' },
      t0,
    );
    expect(refused).toEqual({
      ok: false,
      reason: 'throttled',
      message: 'Too many failed sign-ins from your network. Wait 30 seconds, then try again.',
    });
    // The refused address never reached the account's count.
    expect(
      await attemptWait(db, { limit: SIGN_IN_PER_ACCOUNT, subject: 'sprayed-99@example.test' }, t0),
    ).toBe(0);
    expect(
      await db.signInThrottle.count({ where: { email: 'sign-in:account:sprayed-99@example.test' } }),
    ).toBe(0);
    // Someone else, elsewhere, signs in as usual.
    await account('elsewhere@example.test');
    expect(
      await passwordSignIn(
        db,
        { email: 'elsewhere@example.test', password: PASSWORD, address: '192.0.2.200' },
        t0,
      ),
    ).toMatchObject({ ok: true });
  });

  it('gives the address its attempt back after a success, so people sharing an address are not counted', async () => {
    await account('office@example.test');
    const address = '198.51.100.77';
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.free + 5; i += 1) {
      expect(
        await passwordSignIn(db, { email: 'office@example.test', password: PASSWORD, address }, t0 + i),
      ).toMatchObject({ ok: true });
    }
    expect(await attemptWait(db, { limit: SIGN_IN_PER_ADDRESS, subject: address }, t0 + 100)).toBe(0);
    expect(
      await db.signInThrottle.findUnique({ where: { email: `sign-in:address:${address}` } }),
    ).toMatchObject({
      failures: 0,
    });
  });
});

describe('password change', () => {
  it('checks at most 5 of 20 parallel wrong current passwords; the rest are refused with when to retry', async () => {
    const id = await account('changer@example.test');
    const calls = Array.from({ length: 20 }, (_, i) =>
      changePassword(
        db,
        id,
        { currentPassword: `guess ${i}`, newPassword: 'an entirely new phrase' },
        '198.51.100.2',
        t0,
      ),
    );
    expect(await outcomes(calls)).toEqual({ VALIDATION_FAILED: 5, RATE_LIMITED: 15 });
    await expect(
      changePassword(
        db,
        id,
        { currentPassword: PASSWORD, newPassword: 'an entirely new phrase' },
        '198.51.100.2',
        t0,
      ),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many wrong current passwords for this account. Wait 30 seconds, then try again.',
    });
    await changePassword(
      db,
      id,
      { currentPassword: PASSWORD, newPassword: 'an entirely new phrase' },
      '198.51.100.2',
      t0 + 30_000,
    );
    expect(
      await passwordSignIn(
        db,
        { email: 'changer@example.test', password: 'an entirely new phrase', address: '198.51.100.2' },
        t0 + 30_000,
      ),
    ).toMatchObject({ ok: true });
  });

  it('refuses the email as the new password before counting anything', async () => {
    const id = await account('grace.hopper.navy@example.test');
    await expect(
      changePassword(
        db,
        id,
        { currentPassword: PASSWORD, newPassword: 'Grace.Hopper.Navy' },
        '198.51.100.3',
        t0,
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      path: 'newPassword',
      message: expect.stringMatching(/Do not use your email/),
    });
    expect(await db.signInThrottle.count({ where: { email: { contains: '198.51.100.3' } } })).toBe(0);
    expect(await db.signInThrottle.count({ where: { email: { contains: id } } })).toBe(0);
  });
});

describe('sign-up', () => {
  it('creates at most 20 accounts from one address in a burst of 25; the rest are told when to retry', async () => {
    const calls = Array.from({ length: 25 }, (_, i) =>
      signUp(
        db,
        SignUpInput.parse({ email: `bulk-${i}@example.test`, name: `Bulk ${i}`, password: PASSWORD }),
        '203.0.113.50',
        t0,
      ),
    );
    expect(await outcomes(calls)).toEqual({ ok: SIGN_UP_PER_ADDRESS.free, RATE_LIMITED: 5 });
    expect(await db.user.count({ where: { email: { startsWith: 'bulk-' } } })).toBe(SIGN_UP_PER_ADDRESS.free);
    await expect(
      signUp(
        db,
        SignUpInput.parse({ email: 'bulk-late@example.test', name: 'Late', password: PASSWORD }),
        '203.0.113.50',
        t0,
      ),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many sign-ups from your network. Wait 30 seconds, then try again.',
    });
  });

  it('answers an existing email exactly as a new one, and changes nothing of the existing account', async () => {
    const id = await account('taken@example.test');
    const before = await db.user.findUniqueOrThrow({ where: { id } });
    const again = SignUpInput.parse({
      email: 'TAKEN@example.test',
      name: 'Impostor',
      password: 'impostor passphrase',
    });
    const fresh = SignUpInput.parse({
      email: 'fresh@example.test',
      name: 'Fresh',
      password: 'impostor passphrase',
    });
    const answers = await Promise.all([
      signUp(db, again, '192.0.2.60', t0),
      signUp(db, fresh, '192.0.2.61', t0),
    ]);
    expect(answers).toEqual([undefined, undefined]);
    expect(await db.user.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.membership.count({ where: { userId: id } })).toBe(1);
    expect(
      await passwordSignIn(
        db,
        { email: 'taken@example.test', password: 'impostor passphrase', address: '192.0.2.60' },
        t0,
      ),
    ).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(
      await passwordSignIn(
        db,
        { email: 'fresh@example.test', password: 'impostor passphrase', address: '192.0.2.61' },
        t0,
      ),
    ).toMatchObject({ ok: true });
  });

  it('answers the same to two parallel sign-ups for one new email, and creates one account', async () => {
    const input = SignUpInput.parse({ email: 'twice@example.test', name: 'Twice', password: PASSWORD });
    expect(
      await Promise.all([signUp(db, input, '192.0.2.70', t0), signUp(db, input, '192.0.2.71', t0)]),
    ).toEqual([undefined, undefined]);
    expect(await db.user.count({ where: { email: 'twice@example.test' } })).toBe(1);
  });
});
