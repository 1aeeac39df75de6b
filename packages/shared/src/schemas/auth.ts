import { z } from 'zod';

export const email = z.string().trim().toLowerCase().email('must be a valid e-mail address').max(254);
export const password = z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');
export const personName = z.string().trim().min(1, 'is required').max(60);

export const signupBody = z.strictObject({
  email,
  password,
  firstname: personName,
  lastname: personName,
  /** The account holder says they are 18 or older (the terms require it; issue 24). Stored with the account. */
  adultConfirmed: z.literal(true, { error: 'must be true: an account is for people 18 or older' }),
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.strictObject({
  email,
  password: z.string().min(1, 'is required').max(128),
  /** The token of an e-mailed unlock link (/login?unlock=…): this sign-in skips the account's delay (ADR 034). */
  unlockToken: z.string().min(16).max(128).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST v1/auth/change-password (signed in, issue 24): the current password proves it is the account holder
 * at the keyboard; the new one follows the sign-up rule and must differ from it.
 */
export const changePasswordBody = z
  .strictObject({ currentPassword: z.string().min(1, 'is required').max(128), newPassword: password })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'must differ from the current password' });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const emailOnlyBody = z.strictObject({ email });
/** POST v1/auth/change-email (issue 24): the new address, proved by a link sent to it; the current password first. */
export const changeEmailBody = z.strictObject({ newEmail: email, currentPassword: z.string().min(1, 'is required').max(128) });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
export const tokenBody = z.strictObject({ token: z.string().min(16).max(128) });
export const resetPasswordBody = z.strictObject({ token: z.string().min(16).max(128), password });
export const testLoginBody = z.strictObject({ email });

export const sessionUser = z.object({ _id: z.string(), role: z.enum(['USER', 'ADMIN']) });
export type SessionUser = z.infer<typeof sessionUser>;

/** Response of sign-in: the token to keep under xAuthToken plus the session user. */
export const loginResponse = z.object({
  success: z.literal(true),
  data: z.object({ token: z.string(), user: sessionUser.extend({ email: z.string(), firstname: z.string(), lastname: z.string() }) }),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Answers that carry only a message: signup (201), forgot-password, resend-email, reset-password, logout. */
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST v1/auth/verify-email: the address that is now confirmed. */
export const verifyEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ email: z.string() }),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/** GET v1/auth/reset-password/{token}: the link is still good; the e-mail it belongs to. */
export const resetTokenResponse = z.object({ success: z.literal(true), data: z.object({ email: z.string() }) });
export type ResetTokenResponse = z.infer<typeof resetTokenResponse>;

/**
 * One demo account of GET v1/auth/test-accounts. The server names it by `name`; the web contract's
 * `firstname` and `lastname` are accepted too, and the store reads whichever is there.
 */
export const testAccount = z.object({
  email: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  name: z.string(),
  firstname: z.string().optional(),
  lastname: z.string().optional(),
});
export type TestAccount = z.infer<typeof testAccount>;
export const testAccountsResponse = z.object({ success: z.literal(true), data: z.array(testAccount) });
export type TestAccountsResponse = z.infer<typeof testAccountsResponse>;
