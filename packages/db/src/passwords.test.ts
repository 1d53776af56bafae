import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import {
  hashPassword,
  isCommonPassword,
  newPasswordProblem,
  PASSWORD_MIN_LENGTH,
  verifyPassword,
} from './passwords.ts';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery!', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
    expect(await verifyPassword('x', '')).toBe(false);
  });
});

describe('the rule for new passwords', () => {
  it('asks for at least 12 characters, counted as people see them', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(newPasswordProblem('eleven chars')).toBeNull();
    expect(newPasswordProblem('ten chars!')).toMatch(/at least 12 characters/);
    expect(newPasswordProblem('elevenchars')).toMatch(/at least 12 characters/);
    // Eleven emoji are 22 UTF-16 units but still eleven characters.
    expect(newPasswordProblem('🔑'.repeat(11))).toMatch(/at least 12 characters/);
    expect(newPasswordProblem('🔑'.repeat(12))).toBeNull();
    expect(newPasswordProblem('x'.repeat(1025))).toMatch(/at most 1024 characters/);
  });

  it('ships the 10,000 most common passwords and finds them whatever their case', () => {
    const entries = COMMON_PASSWORDS.split('\n').filter(Boolean);
    expect(entries).toHaveLength(10_000);
    expect(entries.slice(0, 3)).toEqual(['123456', '12345678', 'qwerty']);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it.each(['qwerty123456', 'QWERTY123456', '1qaz2wsx3edc', 'Q1W2E3R4T5Y6', 'motherfucker', 'leavemealone'])(
    'refuses the common password %s although it is long enough',
    (password) => {
      expect(newPasswordProblem(password)).toMatch(/one of the most common ones, which attackers try first/);
    },
  );

  it("refuses the account's email address and its local part, whatever their case", () => {
    const email = 'margaret.hamilton@example.test';
    expect(newPasswordProblem('Margaret.Hamilton', email)).toMatch(/Do not use your email address/);
    expect(newPasswordProblem('MARGARET.HAMILTON@EXAMPLE.TEST', email)).toMatch(/Do not use your email/);
    expect(newPasswordProblem('margaret hamilton apollo', email)).toBeNull();
    // Without an email, only length and the list apply.
    expect(newPasswordProblem('margaret.hamilton')).toBeNull();
  });
});
