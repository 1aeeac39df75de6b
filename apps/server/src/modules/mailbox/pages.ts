// Server-rendered pages of the local mailbox. Everything interpolated is escaped; the mail's own
// HTML is shown in a sandboxed frame so it can neither run script nor touch this page.
import { escapeHtml } from '@store/server-kit';
import type { StoredMail } from './repository.ts';

const STYLE = `
  body { margin: 0; font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; background: #f6f6f4; color: #1d1d1d; }
  header { background: #111a33; color: #f5c451; padding: 14px 24px; display: flex; gap: 16px; align-items: baseline; }
  header a { color: #f5c451; text-decoration: none; font-weight: 600; font-size: 18px; }
  header span { color: #a7b0c8; font-size: 13px; }
  main { max-width: 980px; margin: 24px auto; padding: 0 16px; }
  form { display: flex; gap: 8px; margin-bottom: 16px; }
  input { flex: 1; padding: 8px 10px; border: 1px solid #ccc; border-radius: 6px; font: inherit; }
  button, .button { padding: 8px 14px; border: 0; border-radius: 6px; background: #f5c451; color: #1a1405; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
  table { width: 100%; border-collapse: collapse; background: #fff; border-radius: 8px; overflow: hidden; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #eee; font-size: 14px; }
  th { background: #f4f5f9; font-weight: 600; }
  td a { color: #7a5a00; }
  .empty { padding: 32px; text-align: center; color: #666; background: #fff; border-radius: 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; background: #fff; padding: 16px; border-radius: 8px; }
  dt { font-weight: 600; color: #555; }
  dd { margin: 0; }
  iframe { width: 100%; height: 640px; border: 1px solid #ddd; border-radius: 8px; background: #fff; margin-top: 16px; }
  pre { white-space: pre-wrap; background: #fff; padding: 16px; border-radius: 8px; border: 1px solid #eee; }
  h2 { font-size: 16px; margin-top: 24px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header><a href="/mailbox">Local mailbox</a><span>Mail the store would have sent. Set SMTP_URL to deliver real mail instead.</span></header>
<main>
${body}
</main>
</body>
</html>`;
}

const formatTime = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export function inboxPage(mails: StoredMail[], to: string | undefined): string {
  const filter = `<form method="get" action="/mailbox">
<input type="search" name="to" placeholder="Filter by recipient e-mail" value="${escapeHtml(to ?? '')}" aria-label="Recipient">
<button type="submit">Filter</button>${to ? ' <a class="button" href="/mailbox">Show all</a>' : ''}
</form>`;
  if (mails.length === 0) {
    return page(
      'Local mailbox',
      `${filter}<p class="empty">${to ? `No mail to ${escapeHtml(to)} yet.` : 'No mail yet. Sign up or ask for a password reset and it will show up here.'}</p>`,
    );
  }
  const rows = mails
    .map(
      (m) => `<tr>
<td>${escapeHtml(m.toAddress)}</td>
<td><a href="/mailbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td>
<td><time datetime="${escapeHtml(m.createdAt.toISOString())}">${escapeHtml(formatTime(m.createdAt))}</time></td>
</tr>`,
    )
    .join('\n');
  return page(
    'Local mailbox',
    `${filter}<table><thead><tr><th>To</th><th>Subject</th><th>Received</th></tr></thead><tbody>
${rows}
</tbody></table>`,
  );
}

/** Makes the addresses in the (already escaped) plain-text version clickable. */
function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function mailPage(mail: StoredMail): string {
  return page(
    mail.subject,
    `<p><a href="/mailbox">&larr; All mail</a></p>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.toAddress)}</dd>
<dt>Subject</dt><dd>${escapeHtml(mail.subject)}</dd>
<dt>Received</dt><dd><time datetime="${escapeHtml(mail.createdAt.toISOString())}">${escapeHtml(formatTime(mail.createdAt))}</time></dd>
</dl>
<iframe title="Message" src="/mailbox/${encodeURIComponent(mail.id)}/html" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>
<h2>Plain-text version</h2>
<pre>${linkify(escapeHtml(mail.textBody))}</pre>`,
  );
}

export function notFoundPage(): string {
  return page('Mail not found', '<p class="empty">That mail is not here. <a href="/mailbox">Back to all mail</a></p>');
}
