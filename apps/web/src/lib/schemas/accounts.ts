// The account forms' inputs, shared by the forms (which parse them before sending) and the
// server (whose procedures and actions take them). No server-only imports: this ships to browsers.
import { z } from 'zod';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'That email address is too long')
  .pipe(z.email('Enter an email address such as ada@example.com'));

export const PersonName = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(100, 'Use at most 100 characters for your name');

export const SignInForm = z.object({ email: Email, password: z.string().min(1, 'Enter your password') });

/**
 * The sign-up form. The password's own rules (length, not a common password, not the email) need
 * the common-password list, which stays on the server: account.ts's SignUpInput adds them.
 */
export const SignUpForm = z.object({ email: Email, name: PersonName, password: z.string() });

export const UpdateProfileInput = z.object({ name: PersonName });

/** Like sign-up, the new password's rules are added on the server (account.ts's ChangePasswordInput). */
export const ChangePasswordForm = z.object({
  currentPassword: z.string().default(''),
  newPassword: z.string(),
});
