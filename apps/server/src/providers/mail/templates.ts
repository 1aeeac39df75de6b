// The store's transactional e-mails. Every interpolated value is escaped in the HTML version.
import { escapeHtml } from '@store/server-kit';
import { BRAND_NAME } from '../../lib/brand.ts';
import type { MailMessage } from './mailer.ts';

type Composed = Omit<MailMessage, 'to'>;

interface Layout {
  subject: string;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  button: { label: string; href: string };
  footnote: string;
}

/** A plain, table-based layout: it renders the same in webmail, desktop clients and the local mailbox. */
function render({ subject, preheader, greeting, paragraphs, button, footnote }: Layout): Composed {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#070d1f;font-family:Helvetica,Arial,sans-serif;color:#1f1f1f;">
<span style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#070d1f;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:#111a33;padding:20px 28px;color:#f5c451;font-size:20px;font-weight:bold;letter-spacing:0.5px;">${escapeHtml(BRAND_NAME)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6;">
<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0;"><a href="${escapeHtml(button.href)}" target="_blank" rel="noopener" style="display:inline-block;background:#f5c451;color:#1a1405;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:bold;">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555;">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(button.href)}" target="_blank" rel="noopener" style="color:#7a5a00;word-break:break-all;">${escapeHtml(button.href)}</a></p>
<p style="margin:0;font-size:13px;color:#555;">${escapeHtml(footnote)}</p>
</td></tr>
<tr><td style="padding:16px 28px;background:#f4f5f9;font-size:12px;color:#777;">You received this e-mail because this address was entered at ${escapeHtml(BRAND_NAME)}. We never ask for your password by e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${button.label}: ${button.href}`,
    '',
    footnote,
    '',
    `— ${BRAND_NAME}`,
  ].join('\n');
  return { subject, html, text };
}

export function verificationEmail({ firstname, link }: { firstname: string; link: string }): Composed {
  return render({
    subject: `Confirm your e-mail for ${BRAND_NAME}`,
    preheader: 'One click and your account is ready.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      `Welcome to ${BRAND_NAME}! Please confirm that this is your e-mail address so you can sign in, pick up coin packages and gift cards, and join our giveaways.`,
    ],
    button: { label: 'Confirm my e-mail', href: link },
    footnote: 'This link works once and expires in 24 hours. If you did not create an account, you can ignore this e-mail.',
  });
}

export function passwordResetEmail({ firstname, link }: { firstname: string; link: string }): Composed {
  return render({
    subject: `Choose a new password for ${BRAND_NAME}`,
    preheader: 'Your password reset link (valid for 1 hour).',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      'We received a request to reset the password of your account. Use the button below to choose a new one. For your safety, all devices will be signed out afterwards.',
    ],
    button: { label: 'Choose a new password', href: link },
    footnote: 'This link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  });
}

/** Sent after the account holder changed their password while signed in (issue 24). */
export function passwordChangedEmail({ firstname, resetUrl }: { firstname: string; resetUrl: string }): Composed {
  return render({
    subject: `Your ${BRAND_NAME} password was changed`,
    preheader: 'Every device was signed out.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      'The password of your account was just changed from your profile, and every device was signed out. Sign in again with the new password.',
      'If you did not change it, choose a new password at once with the button below, and contact our support.',
    ],
    button: { label: 'Choose a new password', href: resetUrl },
    footnote: 'You get this e-mail whenever your password changes.',
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function signupAttemptEmail({ firstname, loginUrl, resetUrl }: { firstname: string; loginUrl: string; resetUrl: string }): Composed {
  return render({
    subject: `Someone tried to sign up with your address at ${BRAND_NAME}`,
    preheader: 'You already have an account with this e-mail.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      'Someone just tried to create a new account with your e-mail address. You already have an account, so nothing was changed.',
      `If it was you, simply sign in. If you forgot your password, you can choose a new one at ${resetUrl}.`,
    ],
    button: { label: 'Sign in', href: loginUrl },
    footnote: 'If it was not you, no action is needed: your account and password are unchanged.',
  });
}

/** Sent when wrong passwords for the account started a delay (ADR 034): the owner gets in past it. */
export function signInUnlockEmail({ firstname, link, resetUrl }: { firstname: string; link: string; resetUrl: string }): Composed {
  return render({
    subject: `Sign-in attempts on your ${BRAND_NAME} account`,
    preheader: 'Several wrong passwords were tried on your account.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      'Several wrong passwords were just tried on your account, so for a while each new sign-in attempt has to wait. Your password was not changed and nobody signed in.',
      'If it was you, use the button below: it lets you sign in with your password straight away, without waiting.',
      `If it was not you, someone may be guessing your password. Choosing a new one is a good idea: ${resetUrl}`,
    ],
    button: { label: 'Sign in now', href: link },
    footnote: 'This link works once and expires in 1 hour. It does not sign you in by itself: you still need your password.',
  });
}

/** To the new address asked for from the profile: the link that makes it the account's e-mail. */
export function emailChangeConfirmEmail({ firstname, link }: { firstname: string; link: string }): Composed {
  return render({
    subject: `Confirm your new e-mail address at ${BRAND_NAME}`,
    preheader: 'Your account moves to this address once you confirm it.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      'You asked to use this address for your account. Confirm it with the button below; until then your account keeps its current e-mail address.',
      'The link works once, within 24 hours.',
    ],
    button: { label: 'Confirm this address', href: link },
    footnote: 'If you did not ask for this, ignore this e-mail: nothing changes.',
  });
}

/** To the old address once the change is confirmed: what happened, and what to do if it was not the owner. */
export function emailChangedEmail({ firstname, newEmail, resetUrl }: { firstname: string; newEmail: string; resetUrl: string }): Composed {
  return render({
    subject: `Your ${BRAND_NAME} e-mail address was changed`,
    preheader: 'Your account now uses another address.',
    greeting: `Hi ${firstname},`,
    paragraphs: [
      `The e-mail address of your account was just changed to ${newEmail}. Sign in with that address from now on.`,
      'If you did not change it, choose a new password with the button below at once, and contact our support.',
    ],
    button: { label: 'Choose a new password', href: resetUrl },
    footnote: 'You get this e-mail at the old address whenever the address of your account changes.',
  });
}

/** To a new address that already has an account here: nothing moves, and the asker learns nothing more. */
export function emailChangeTakenEmail({ loginUrl }: { loginUrl: string }): Composed {
  return render({
    subject: `Someone asked to use your address at ${BRAND_NAME}`,
    preheader: 'This address already has an account: nothing changed.',
    greeting: 'Hi,',
    paragraphs: [
      'Someone signed in to another account asked to move it to this e-mail address. This address already has an account here, so nothing was changed.',
      'If it was you, sign in to the account this address belongs to.',
    ],
    button: { label: 'Sign in', href: loginUrl },
    footnote: 'If it was not you, no action is needed: your account is unchanged.',
  });
}
