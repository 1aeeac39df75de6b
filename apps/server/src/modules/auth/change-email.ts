// Changing the account's e-mail address from the profile (issue 24). The signed-in holder proves the current
// password; a link goes to the new address, and only opening it moves the account there (the old address is
// told). Until then the account keeps its address and signs in with it. A new address that already has an
// account here gets a note instead of a link, and the asker the same answer: the change tells nobody whose
// address it is.
import type { ChangeEmailBody } from '@store/shared';
import { notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newSecretToken } from '../../lib/ids.ts';
import { confirmEmailChangeLink, forgotPasswordLink, loginLink } from '../../providers/mail/links.ts';
import { emailChangeConfirmEmail, emailChangedEmail, emailChangeTakenEmail } from '../../providers/mail/templates.ts';
import * as repo from './repository.ts';
import { CHANGE_EMAIL_TTL_MS, proveCurrentPassword, sendQuietly, tokenError, type AuthDeps } from './service.ts';

export const changeEmailSentMessage = (email: string) =>
  `We sent a link to ${email}. Your e-mail address changes when you open it; until then, sign in with the current one.`;

/** POST v1/auth/change-email: a wrong current password is a 400 naming currentPassword, the same address one naming newEmail. */
export async function requestEmailChange(deps: AuthDeps, userId: string, body: ChangeEmailBody): Promise<void> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw notFound('This account no longer exists.');
  if (body.newEmail === user.email) throw new AppError(400, 'SAME_EMAIL', 'This is already your e-mail address.', 'newEmail');
  await proveCurrentPassword(deps, user, body.currentPassword);
  if (await repo.findUserByEmail(deps.db, body.newEmail)) {
    await sendQuietly(deps, { to: body.newEmail, ...emailChangeTakenEmail({ loginUrl: loginLink(deps.config.PUBLIC_URL) }) });
    return;
  }
  const token = newSecretToken();
  await deps.db.transaction(async (tx) => {
    // Only the latest address asked for can be confirmed.
    await repo.retireEmailTokens(tx, userId, 'change-email');
    await repo.insertEmailToken(tx, {
      userId,
      purpose: 'change-email',
      tokenHash: hashToken(token),
      ttlMs: CHANGE_EMAIL_TTL_MS,
      pendingEmail: body.newEmail,
    });
  });
  const link = confirmEmailChangeLink(deps.config.PUBLIC_URL, token);
  await sendQuietly(deps, { to: body.newEmail, ...emailChangeConfirmEmail({ firstname: user.firstname, link }) });
}

export const EMAIL_TAKEN_MESSAGE = 'Another account uses this address now, so your e-mail address was not changed.';

/**
 * POST v1/auth/change-email/confirm: the link's token moves the account to the address it was sent to, which
 * is thereby confirmed. Signing in needs no session here: the link may be opened on another device. Used,
 * expired or unknown: 400 naming token; the address taken meanwhile: 409, and the link stays usable.
 */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const tokenHash = hashToken(token);
  const changed = await deps.db.transaction(async (tx) => {
    const consumed = await repo.consumeEmailToken(tx, tokenHash, 'change-email');
    if (!consumed?.pendingEmail) return null;
    const change = { userId: consumed.userId, email: consumed.pendingEmail };
    const before = await repo.findUserById(tx, change.userId);
    if (!before) return null;
    if (!(await repo.setEmail(tx, change.userId, change.email))) throw new AppError(409, 'EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, 'token');
    await repo.retireEmailTokens(tx, change.userId, 'change-email');
    return { ...change, oldEmail: before.email, firstname: before.firstname };
  });
  if (!changed) throw tokenError('change-email', await repo.inspectEmailToken(deps.db, tokenHash, 'change-email'));
  await sendQuietly(deps, {
    to: changed.oldEmail,
    ...emailChangedEmail({ firstname: changed.firstname, newEmail: changed.email, resetUrl: forgotPasswordLink(deps.config.PUBLIC_URL) }),
  });
  return { email: changed.email };
}
