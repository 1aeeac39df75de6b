// Account rules: sign-up, e-mail confirmation, sign-in, sign-out and password reset.
// Answers that could reveal whether an address has an account are the same either way.
import type { OUTBOX_TOPICS, TopicPayload } from '@store/shared';
import type { Wake } from '../../background/work.ts';
import type { Live } from '../../plugins/live.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangePasswordBody, LoginBody, SignupBody } from '@store/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { safeError } from '../../lib/log-safety.ts';
import { hashPassword } from '../../lib/password.ts';
import type { PasswordGate } from '../../lib/password-gate.ts';
import type { AttemptCounters } from '@store/server-kit';
import type { Mailer, MailMessage } from '../../providers/mail/mailer.ts';
import { forgotPasswordLink, loginLink, resetPasswordLink, unlockSignInLink, verifyEmailLink } from '../../providers/mail/links.ts';
import {
  passwordChangedEmail,
  passwordResetEmail,
  signInUnlockEmail,
  signupAttemptEmail,
  verificationEmail,
} from '../../providers/mail/templates.ts';
import * as repo from './repository.ts';
import { signInThrottle, type SignInThrottleLimits } from './sign-in-throttle.ts';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL' | 'SESSION_TTL_HOURS'> & SignInThrottleLimits;
  log: FastifyBaseLogger;
  /** Every argon2 hash and verification goes through it (app.passwordGate, ADR 034). */
  passwords: PasswordGate;
  /** Where the per-account sign-in failures are counted (app.attemptCounters: Redis or memory). */
  counters: AttemptCounters;
  /** Ends live connections when their session ends. */
  live: Pick<Live, 'endSession' | 'endUser'>;
  /** Wakes the background runner (app.outbox) for work done after answering: the password-reset mail. */
  outbox: Pick<Wake, 'kick'>;
}

const HOUR_MS = 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * HOUR_MS;
export const RESET_PASSWORD_TTL_MS = HOUR_MS;
export const UNLOCK_SIGN_IN_TTL_MS = HOUR_MS;
export const CHANGE_EMAIL_TTL_MS = 24 * HOUR_MS;

/** What the background work of this module needs: it mails, and never hashes or counts. */
export type AuthMailDeps = Pick<AuthDeps, 'db' | 'mailer' | 'config' | 'log'>;

export const SIGNUP_MESSAGE = 'Check your inbox to confirm your e-mail.';
export const RESEND_MESSAGE = 'If that address has an account waiting for confirmation, a new link is on its way.';
export const FORGOT_MESSAGE = 'If that address has an account, a link to choose a new password is on its way.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password.';
export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please confirm your e-mail first. We can resend the link.';

const TOKEN_MESSAGES = {
  'verify-email': {
    invalid: 'This confirmation link is not valid. Please request a new one.',
    used: 'This confirmation link was already used. Please sign in.',
    expired: 'This confirmation link has expired. Please request a new one.',
  },
  'reset-password': {
    invalid: 'This password reset link is not valid. Please request a new one.',
    used: 'This password reset link was already used. Please request a new one.',
    expired: 'This password reset link has expired. Please request a new one.',
  },
  'change-email': {
    invalid: 'This link is not valid. Ask for a new one from your profile.',
    used: 'This link was already used: your e-mail address is changed.',
    expired: 'This link has expired. Ask for a new one from your profile.',
  },
} as const;

/**
 * Answers an unknown e-mail with the same argon2 work as a known one, so timing tells nothing. The
 * dummy is hashed once per process, at start; verifying against it goes through the gate like any other.
 */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-only-for-timing'));

/** Computes the dummy hash at start, so the first unknown e-mail is not slower than the rest. */
export function warmUp(): void {
  void getDummyHash();
}

/** Mail trouble must not change the answer (that would leak which addresses exist); it is logged. */
export async function sendQuietly(deps: Pick<AuthDeps, 'mailer' | 'log'>, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // safeError: an SMTP refusal names the recipient, which the log must not hold.
    deps.log.error({ err: safeError(err), subject: message.subject }, 'sending mail failed');
  }
}

const TOKEN_TTL_MS: Record<repo.EmailTokenPurpose, number> = {
  'verify-email': VERIFY_EMAIL_TTL_MS,
  'reset-password': RESET_PASSWORD_TTL_MS,
  'unlock-sign-in': UNLOCK_SIGN_IN_TTL_MS,
  'change-email': CHANGE_EMAIL_TTL_MS,
};

async function issueEmailToken(deps: Pick<AuthDeps, 'db'>, userId: string, purpose: repo.EmailTokenPurpose): Promise<string> {
  const token = newSecretToken();
  const ttlMs = TOKEN_TTL_MS[purpose];
  await repo.insertEmailToken(deps.db, { userId, purpose, tokenHash: hashToken(token), ttlMs });
  return token;
}

async function mailVerificationLink(deps: AuthDeps, user: { email: string; firstname: string }, token: string) {
  const link = verifyEmailLink(deps.config.PUBLIC_URL, token);
  await sendQuietly(deps, { to: user.email, ...verificationEmail({ firstname: user.firstname, link }) });
}

async function sendVerification(deps: AuthDeps, user: { id: string; email: string; firstname: string }) {
  await mailVerificationLink(deps, user, await issueEmailToken(deps, user.id, 'verify-email'));
}

/**
 * A sign-up for an address nobody has confirmed yet: nobody has proved they own it, so the latest
 * sign-up wins. Its password and name replace the pending ones and every older confirmation link dies,
 * so a link from someone else's earlier sign-up can never confirm a password they chose. One
 * transaction: the user row's lock orders two sign-ups for the same address.
 */
async function restartSignup(deps: AuthDeps, userId: string, email: string, details: repo.SignupDetails): Promise<void> {
  const token = newSecretToken();
  const restarted = await deps.db.transaction(async (tx) => {
    if (!(await repo.replacePendingSignup(tx, userId, details))) return false;
    await repo.retireEmailTokens(tx, userId, 'verify-email');
    await repo.insertEmailToken(tx, { userId, purpose: 'verify-email', tokenHash: hashToken(token), ttlMs: VERIFY_EMAIL_TTL_MS });
    return true;
  });
  if (restarted) await mailVerificationLink(deps, { email, firstname: details.firstname }, token);
  // Confirmed in the meantime: the owner's account stays as it is, and they hear of the attempt.
  else await signupAttemptMail(deps, email);
}

async function signupAttemptMail(deps: AuthDeps, email: string): Promise<void> {
  const existing = await repo.findUserByEmail(deps.db, email);
  if (!existing) return;
  await sendQuietly(deps, {
    to: existing.email,
    ...signupAttemptEmail({
      firstname: existing.firstname,
      loginUrl: loginLink(deps.config.PUBLIC_URL),
      resetUrl: forgotPasswordLink(deps.config.PUBLIC_URL),
    }),
  });
}

export async function signup(deps: AuthDeps, input: SignupBody): Promise<void> {
  // Hashed even when the address is taken, so both answers cost the same.
  const passwordHash = await deps.passwords.hash(input.password);
  const created = await repo.insertUser(deps.db, {
    email: input.email,
    passwordHash,
    firstname: input.firstname,
    lastname: input.lastname,
  });
  if (created) {
    await sendVerification(deps, { id: created.id, email: input.email, firstname: input.firstname });
    return;
  }
  const existing = await repo.findUserByEmail(deps.db, input.email);
  if (!existing) return;
  if (!existing.emailVerifiedAt) {
    await restartSignup(deps, existing.id, existing.email, { passwordHash, firstname: input.firstname, lastname: input.lastname });
    return;
  }
  await signupAttemptMail(deps, existing.email);
}

export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  // Earlier links stay valid: the shopper may open whichever mail arrives first.
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user);
}

export function tokenError(purpose: keyof typeof TOKEN_MESSAGES, state: { used: boolean; expired: boolean } | null): AppError {
  const messages = TOKEN_MESSAGES[purpose];
  if (!state) return new AppError(400, 'TOKEN_INVALID', messages.invalid, 'token');
  if (state.used) return new AppError(400, 'TOKEN_USED', messages.used, 'token');
  return new AppError(400, 'TOKEN_EXPIRED', messages.expired, 'token');
}

export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const tokenHash = hashToken(token);
  const verified = await deps.db.transaction(async (tx) => {
    const consumed = await repo.consumeEmailToken(tx, tokenHash, 'verify-email');
    if (!consumed) return null;
    await repo.markEmailVerified(tx, consumed.userId);
    // The address is proven: any other confirmation link dies.
    await repo.retireEmailTokens(tx, consumed.userId, 'verify-email');
    return consumed;
  });
  const info = await repo.inspectEmailToken(deps.db, tokenHash, 'verify-email');
  if (!verified) throw tokenError('verify-email', info);
  return { email: info!.email };
}

export type LoginResult = {
  token: string;
  user: { _id: string; role: 'USER' | 'ADMIN'; email: string; firstname: string; lastname: string };
};

/** A new session for a user who proved who they are (password, demo login, or a social provider: ADR 029). */
export async function startSession(
  deps: { db: Db; config: Pick<Config, 'SESSION_TTL_HOURS'> },
  user: repo.UserRow,
  ip: string,
  signInProvider: 'apple' | 'facebook' | null = null,
): Promise<LoginResult> {
  const token = newSecretToken();
  const ttlMs = deps.config.SESSION_TTL_HOURS * HOUR_MS;
  await Promise.all([
    repo.insertSession(deps.db, { userId: user.id, tokenHash: hashToken(token), ttlMs, signInProvider }),
    repo.recordLastIp(deps.db, user.id, ip),
  ]);
  return {
    token,
    user: { _id: user.id, role: user.role, email: user.email, firstname: user.firstname, lastname: user.lastname },
  };
}

/** Whether an unlock link's token (ADR 034) is live and belongs to this address. */
async function unlockTokenFits(deps: AuthDeps, email: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const info = await repo.inspectEmailToken(deps.db, hashToken(token), 'unlock-sign-in');
  return !!info && !info.used && !info.expired && info.email === email;
}

/**
 * Password sign-in. Each address's failures count across every client address (sign-in-throttle.ts):
 * past the limit a check waits its turn, answered 429 without hashing. An e-mailed unlock link's token
 * lets its owner past the wait; the right password forgets the failures.
 */
export async function login(deps: AuthDeps, input: LoginBody, ip: string): Promise<LoginResult> {
  const throttle = signInThrottle(deps.counters, deps.config);
  const unlocked = await unlockTokenFits(deps, input.email, input.unlockToken);
  const attempt = unlocked ? null : await throttle.admit(input.email);
  const user = await repo.findUserByEmail(deps.db, input.email);
  let passwordOk: boolean;
  try {
    // || not ??: an account made by a social sign-in has no password (''), and costs the same argon2 work.
    passwordOk = await deps.passwords.verify(user?.passwordHash || (await getDummyHash()), input.password);
  } catch (err) {
    // The gate was full: no password was checked, so nothing counts.
    await attempt?.abandoned();
    throw err;
  }
  if (!user || !user.passwordHash || !passwordOk) {
    // The same insert for every address when a delay begins; the outbox mails a known one's owner.
    if (attempt && (await attempt.failed())) {
      await repo.enqueueSignInUnlock(deps.db, input.email);
      deps.outbox.kick();
    }
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  }
  await throttle.forget(input.email);
  // Only after the right password, so this answer reveals nothing to someone guessing addresses.
  if (!user.emailVerifiedAt) throw new AppError(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  if (unlocked) await repo.retireEmailTokens(deps.db, user.id, 'unlock-sign-in');
  return startSession(deps, user, ip);
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await repo.revokeSession(deps.db, hashToken(token));
  // Answered once this session's live sockets are closed, on every instance (ADR 030).
  await deps.live.endSession(token);
}

/**
 * POST forgot-password: the same single insert for every address, then the answer. Looking the address
 * up, issuing the link and mailing it happen afterwards, through the outbox (sendPasswordReset), so the
 * time the request takes cannot tell a known address from an unknown one.
 */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  await repo.enqueuePasswordResetRequest(deps.db, email);
  deps.outbox.kick();
}

/** The user of a live session, by its token's hash: what the auth plugin (app.ts) signs requests in with. */
export function findSessionUser(db: Db, tokenHash: string) {
  return repo.findSessionUser(db, tokenHash);
}

/** Which of these token hashes still name a live session (the live sockets' re-check, app.ts). */
export function findLiveTokenHashes(db: Db, tokenHashes: string[]) {
  return repo.findLiveTokenHashes(db, tokenHashes);
}

/** The outbox's half of forgot-password: a link for a known address; nothing at all for an unknown one. */
export async function sendPasswordReset(deps: AuthMailDeps, { email }: TopicPayload<typeof OUTBOX_TOPICS.passwordReset>): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueEmailToken(deps, user.id, 'reset-password');
  const link = resetPasswordLink(deps.config.PUBLIC_URL, token);
  // Not sendQuietly: a mail server that failed gets the row retried by the outbox.
  await deps.mailer.send({ to: user.email, ...passwordResetEmail({ firstname: user.firstname, link }) });
}

/**
 * The outbox's half of a sign-in delay (ADR 034): the owner of a known address with a password gets a
 * one-time link past the delay; an unknown address, nothing.
 */
export async function sendSignInUnlock(deps: AuthMailDeps, { email }: TopicPayload<typeof OUTBOX_TOPICS.signInUnlock>): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user?.passwordHash) return;
  const token = await issueEmailToken(deps, user.id, 'unlock-sign-in');
  const link = unlockSignInLink(deps.config.PUBLIC_URL, token);
  await deps.mailer.send({
    to: user.email,
    ...signInUnlockEmail({ firstname: user.firstname, link, resetUrl: forgotPasswordLink(deps.config.PUBLIC_URL) }),
  });
}

export async function inspectResetToken(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const info = await repo.inspectEmailToken(deps.db, hashToken(token), 'reset-password');
  if (!info || info.used || info.expired) throw tokenError('reset-password', info);
  return { email: info.email };
}

export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  // Checked before the (deliberately slow) hash so dead links cost nothing; consumed atomically below.
  const { email } = await inspectResetToken(deps, token);
  const passwordHash = await deps.passwords.hash(password);
  const done = await deps.db.transaction(async (tx) => {
    const consumed = await repo.consumeEmailToken(tx, tokenHash, 'reset-password');
    if (!consumed) return false;
    await repo.setPasswordHash(tx, consumed.userId, passwordHash);
    // Opening the link proved they own the mailbox.
    await repo.markEmailVerified(tx, consumed.userId);
    await repo.retireEmailTokens(tx, consumed.userId, 'reset-password');
    await repo.revokeAllSessions(tx, consumed.userId);
    return consumed.userId;
  });
  if (done) await deps.live.endUser(done);
  // The owner proved the mailbox and chose a new password: the account's sign-in delay ends.
  if (done) await signInThrottle(deps.counters, deps.config).forget(email);
  if (!done) throw tokenError('reset-password', await repo.inspectEmailToken(deps.db, tokenHash, 'reset-password'));
}

export const WRONG_CURRENT_PASSWORD = 'WRONG_CURRENT_PASSWORD';

/**
 * The signed-in account holder proves the current password before a change that needs it (the password, the
 * e-mail address), through the same gate and delay as a sign-in, so it is no faster way to guess it. A wrong
 * one is a 400 naming currentPassword; an account a social sign-in made has none, and is refused alike.
 */
export async function proveCurrentPassword(deps: AuthDeps, user: repo.UserRow, currentPassword: string): Promise<void> {
  const throttle = signInThrottle(deps.counters, deps.config);
  const attempt = await throttle.admit(user.email);
  let passwordOk: boolean;
  try {
    // An account a social sign-in made has no password (''): the dummy's work, and a refusal.
    passwordOk = await deps.passwords.verify(user.passwordHash || (await getDummyHash()), currentPassword);
  } catch (err) {
    await attempt.abandoned();
    throw err;
  }
  if (!user.passwordHash || !passwordOk) {
    await attempt.failed();
    throw new AppError(400, WRONG_CURRENT_PASSWORD, 'Your current password is not right.', 'currentPassword');
  }
  await throttle.forget(user.email);
}

/**
 * POST change-password (issue 24): the signed-in account holder proves the current password (through the
 * same gate and delay as a sign-in, so it is no faster way to guess it), then the new one is set and every
 * session ends, this one too, as after a reset; the owner is told by e-mail. A wrong current password is a
 * 400 naming currentPassword that changes nothing.
 */
export async function changePassword(deps: AuthDeps, userId: string, body: ChangePasswordBody): Promise<void> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound('This account no longer exists.');
  await proveCurrentPassword(deps, user, body.currentPassword);
  const passwordHash = await deps.passwords.hash(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, userId, passwordHash);
    await repo.revokeAllSessions(tx, userId);
  });
  await deps.live.endUser(userId);
  await sendQuietly(deps, {
    to: user.email,
    ...passwordChangedEmail({ firstname: user.firstname, resetUrl: forgotPasswordLink(deps.config.PUBLIC_URL) }),
  });
}

export interface TestAccountChoice {
  /** TEST_LOGIN_ADMIN: the admin account is offered too. */
  includeAdmin: boolean;
}

/** The demo accounts test-login offers: the shopper, and the admin only when explicitly included. */
function offeredAccounts({ includeAdmin }: TestAccountChoice) {
  return DEMO_ACCOUNTS.filter((a) => includeAdmin || a.role !== 'ADMIN');
}

export function listTestAccounts(choice: TestAccountChoice) {
  return offeredAccounts(choice).map((a) => ({ email: a.email, role: a.role, name: `${a.firstname} ${a.lastname}` }));
}

/** One-click sign-in as an offered demo account (only mounted in demo mode). */
export async function testLogin(deps: AuthDeps, email: string, ip: string, choice: TestAccountChoice): Promise<LoginResult> {
  const isOffered = offeredAccounts(choice).some((a) => a.email === email);
  const user = isOffered ? await repo.findUserByEmail(deps.db, email) : null;
  if (!user) throw notFound('There is no demo account with that e-mail.');
  return startSession(deps, user, ip);
}
