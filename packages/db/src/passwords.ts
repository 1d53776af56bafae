// Password hashing with scrypt (memory-hard; in node:crypto, so no native add-on to build).
// Format: scrypt$N$r$p$salt$hash, so parameters can be raised later without breaking old hashes.
// Also the rule a new password must pass: long, and not one attackers try first.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return timingSafeEqual(actual, expected);
}

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

const ADVICE = 'a few unrelated words work well';

let common: Set<string> | undefined;

/** Whether the password is on the shipped list of common passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS.split('\n').map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * What is wrong with a new password, as the form says it, or null when it may be used. Length
 * counts characters as people see them (code points), not UTF-16 units. With the account's email,
 * the rules of passwordIsEmailProblem apply too.
 */
export function newPasswordProblem(password: string, email?: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use a password of at least ${PASSWORD_MIN_LENGTH} characters — ${ADVICE}`;
  }
  if (length > PASSWORD_MAX_LENGTH) return `Use a password of at most ${PASSWORD_MAX_LENGTH} characters`;
  if (isCommonPassword(password)) {
    return `That password is one of the most common ones, which attackers try first. Choose another — ${ADVICE}`;
  }
  return email === undefined ? null : passwordIsEmailProblem(password, email);
}

/** The email address and its local part are the first guesses at an account: refused, whatever their case. */
export function passwordIsEmailProblem(password: string, email: string): string | null {
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return typed === address || typed === address.split('@')[0]
    ? `Do not use your email address as your password. Choose another — ${ADVICE}`
    : null;
}
