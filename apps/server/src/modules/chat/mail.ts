// The answer by e-mail (ADR 027): a visitor who wrote while no agent was online gets the agent's answer by
// mail too. The answer is plain text; every value is escaped in the HTML version.
import { escapeHtml } from '@store/server-kit';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { BRAND_NAME } from '../../lib/brand.ts';

export function chatAnswerEmail({ to, answer, storeUrl }: { to: string; answer: string; storeUrl: string }): MailMessage {
  const subject = `${BRAND_NAME}: an answer to your chat message`;
  const intro = 'You wrote to us while our agents were offline. Here is our answer:';
  const outro = `You can reply in the chat on ${storeUrl}.`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#070d1f;font-family:Helvetica,Arial,sans-serif;color:#1f1f1f;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;">
<p style="margin:0 0 16px;font-weight:bold;color:#111a33;">${escapeHtml(BRAND_NAME)}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;background:#f4f5f9;border-left:4px solid #f5c451;white-space:pre-wrap;">${escapeHtml(answer)}</blockquote>
<p style="margin:0;font-size:13px;color:#555;">${escapeHtml(outro)}</p>
</div>
</body>
</html>`;
  const text = [intro, '', answer, '', outro, '', `— ${BRAND_NAME}`].join('\n');
  return { to, subject, text, html };
}
