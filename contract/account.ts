import { z } from 'zod';
import { LOCALES, MIN_PASSWORD_LENGTH } from './constants.ts';
import { optionalText, passwordText } from './text.ts';

// One's own account and the ways back in (docs/product.md "Your own account").

/** `PUT /api/user/profile`: the fields registration asks for, validated the same way. */
export const profileInput = z.object({
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: z
    .union([z.literal(''), z.email()])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  phone: optionalText(40),
  city: optionalText(100),
});
export type ProfileInput = z.output<typeof profileInput>;

/** The largest profile picture the server takes (the browser sends a small square JPEG). */
export const MAX_PROFILE_PICTURE_BYTES = 2 * 1_048_576;

/** What is wrong with a new password typed twice, by field (`required`, `tooShort`, `isUsername`, `mismatch`). */
export interface NewPasswordProblems {
  newPassword?: 'required' | 'tooShort' | 'isUsername';
  confirmPassword?: 'required' | 'mismatch';
}

/**
 * The rules of a new password (docs/product.md "Your own account"), one place for the server and both
 * forms that ask for one: filled, at least MIN_PASSWORD_LENGTH long, not the username (without
 * regard to case or surrounding spaces, as sign-in compares usernames), the same twice.
 */
export function newPasswordProblems(p: { newPassword: string; confirmPassword: string; username?: string }): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  if (!p.newPassword) problems.newPassword = 'required';
  else if (p.newPassword.length < MIN_PASSWORD_LENGTH) problems.newPassword = 'tooShort';
  else if (p.username !== undefined && p.newPassword.trim().toLowerCase() === p.username.trim().toLowerCase())
    problems.newPassword = 'isUsername';
  if (!p.confirmPassword) problems.confirmPassword = 'required';
  else if (p.newPassword && p.confirmPassword !== p.newPassword) problems.confirmPassword = 'mismatch';
  return problems;
}

/** A new password, twice: the server checks that both match (`passwords_mismatch`) and that it is not the username. */
const newPasswordFields = { newPassword: passwordText(), confirmPassword: z.string().max(200) };

/** `PUT /api/user/password`. */
export const passwordChangeInput = z.object({ currentPassword: z.string().min(1).max(200), ...newPasswordFields });
export type PasswordChangeInput = z.output<typeof passwordChangeInput>;

/** One of the signed-in user's sessions, as the profile lists them. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser's own description (User-Agent), cut to 300 characters; null when it sent none. */
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export const sessionIdParams = z.object({ id: z.uuid() });

/** What an admin (or the platform admin, for an owner) is shown once after setting a temporary password. */
export const temporaryPasswordSchema = z.object({ username: z.string(), temporaryPassword: z.string() });
export type TemporaryPassword = z.infer<typeof temporaryPasswordSchema>;

/** `GET /api/auth/options`: which ways back in this server offers. */
export const authOptionsSchema = z.object({ passwordResetByEmail: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** `POST /api/auth/forgot-password`: the e-mail is written in `language`. */
export const forgotPasswordInput = z.object({
  username: z.string().trim().min(1).max(100),
  language: z.enum(LOCALES).default('he'),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordInput>;

/** `POST /api/auth/reset-password`: the token from the e-mailed link and the new password. */
export const resetPasswordInput = z.object({ token: z.string().min(20).max(100), ...newPasswordFields });
export type ResetPasswordInput = z.output<typeof resetPasswordInput>;

/** A reset link works this long, once. */
export const RESET_LINK_MINUTES = 30;

/**
 * `GET/PUT /api/user/daily-digest`: the daily e-mail of a project admin or manager
 * (docs/product.md "Daily e-mail", docs/decisions/031-daily-digest.md). `mailConfigured` is the same
 * fact as `passwordResetByEmail`: the server has outgoing e-mail. Whether the user has an address is
 * the profile's `email`.
 */
export const dailyDigestSchema = z.object({
  enabled: z.boolean(),
  language: z.enum(LOCALES).nullable(),
  mailConfigured: z.boolean(),
});
export type DailyDigest = z.infer<typeof dailyDigestSchema>;

/** The language is the screen's when the user turns the e-mail on or off; the e-mail is written in it. */
export const dailyDigestInput = z.object({ enabled: z.boolean(), language: z.enum(LOCALES) });
export type DailyDigestInput = z.output<typeof dailyDigestInput>;

/** The project's local hour from which the day's e-mail goes out. */
export const DAILY_DIGEST_HOUR = 7;
