// The receipt sent once an order is fulfilled: same brand frame as providers/mail/templates.ts, with
// the lines, totals, coins credited and any gift-card codes. Every value is escaped in the HTML.
import { PAYMENT_METHOD_LABELS, formatCents, formatCoins, formatOrderNumber, type Order } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
import type { MailMessage } from '../../providers/mail/mailer.ts';
import { BRAND_NAME } from '../../lib/brand.ts';

interface ReceiptInput {
  firstname: string;
  order: Order;
  /** Where the shopper sees the purchase again: {PUBLIC_URL}/my-purchases. */
  purchasesUrl: string;
}

const cell = 'padding:6px 0;border-bottom:1px solid #eee;';
const money = (label: string, cents: number, strong = false) =>
  `<tr><td style="padding:4px 0;${strong ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td><td align="right" style="padding:4px 0;${strong ? 'font-weight:bold;' : ''}">${escapeHtml(cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents))}</td></tr>`;

function totalsLines(order: Order): [string, number][] {
  return [
    ['Subtotal', order.subtotal],
    ...(order.discount > 0 ? [[`Discount${order.coupon ? ` (${order.coupon.code})` : ''}`, -order.discount] as [string, number]] : []),
    ...(order.tax > 0 ? [['Tax', order.tax] as [string, number]] : []),
  ];
}

export function receiptEmail({ firstname, order, purchasesUrl }: ReceiptInput): Omit<MailMessage, 'to'> {
  const orderNumber = formatOrderNumber(order.number);
  const subject = `Your ${BRAND_NAME} receipt (order ${orderNumber})`;
  const paidWith = order.paidWith ? `Paid with: ${PAYMENT_METHOD_LABELS[order.paidWith]}` : '';
  const coinsLine =
    order.totalCoins > 0
      ? `${formatCoins(order.totalCoins)} coins were added to your balance (${formatCoins(order.coins)} coins + ${formatCoins(order.bonusCoins)} bonus).`
      : '';

  const itemRows = order.items
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(`${i.quantity} × ${i.name}`)}</td><td align="right" style="${cell}">${escapeHtml(formatCents(i.unitPrice * i.quantity))}</td></tr>`,
    )
    .join('\n');
  const codeRows = order.giftCardCodes
    .map(
      (c) =>
        `<tr><td style="${cell}">${escapeHtml(c.name)}</td><td align="right" style="${cell}font-family:Menlo,Consolas,monospace;font-weight:bold;">${escapeHtml(c.code)}</td></tr>`,
    )
    .join('\n');

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#070d1f;font-family:Helvetica,Arial,sans-serif;color:#1f1f1f;">
<span style="display:none;max-height:0;overflow:hidden;">${escapeHtml(`Thank you for your purchase: ${formatCents(order.total)}`)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#070d1f;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:#111a33;padding:20px 28px;color:#f5c451;font-size:20px;font-weight:bold;letter-spacing:0.5px;">${escapeHtml(BRAND_NAME)}</td></tr>
<tr><td style="padding:28px;font-size:15px;line-height:1.6;">
<p style="margin:0 0 16px;">${escapeHtml(`Hi ${firstname},`)}</p>
<p style="margin:0 0 16px;">${escapeHtml(`Thank you for your purchase. Here is your receipt for order ${orderNumber}.`)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 12px;">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px;">
${totalsLines(order)
  .map(([label, cents]) => money(label, cents))
  .join('\n')}
${money('Total paid', order.total, true)}
</table>
${paidWith ? `<p style="margin:0 0 16px;color:#555;">${escapeHtml(paidWith)}</p>` : ''}
${coinsLine ? `<p style="margin:0 0 16px;">${escapeHtml(coinsLine)}</p>` : ''}
${
  codeRows
    ? `<p style="margin:0 0 8px;font-weight:bold;">Your gift-card codes</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 8px;">
${codeRows}
</table>
<p style="margin:0 0 16px;font-size:13px;color:#555;">Keep these codes private: anyone who has a code can redeem it.</p>`
    : ''
}
<p style="margin:24px 0;"><a href="${escapeHtml(purchasesUrl)}" target="_blank" rel="noopener" style="display:inline-block;background:#f5c451;color:#1a1405;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:bold;">See my purchases</a></p>
</td></tr>
<tr><td style="padding:16px 28px;background:#f4f5f9;font-size:12px;color:#777;">You received this e-mail because you made a purchase at ${escapeHtml(BRAND_NAME)}. We never ask for your password by e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;

  const text = [
    `Hi ${firstname},`,
    '',
    `Thank you for your purchase. Here is your receipt for order ${orderNumber}.`,
    '',
    ...order.items.map((i) => `${i.quantity} × ${i.name}: ${formatCents(i.unitPrice * i.quantity)}`),
    '',
    ...totalsLines(order).map(([label, cents]) => `${label}: ${cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents)}`),
    `Total paid: ${formatCents(order.total)}`,
    ...(paidWith ? [paidWith] : []),
    ...(coinsLine ? ['', coinsLine] : []),
    ...(order.giftCardCodes.length > 0
      ? [
          '',
          'Your gift-card codes:',
          ...order.giftCardCodes.map((c) => `${c.name}: ${c.code}`),
          'Keep these codes private: anyone who has a code can redeem it.',
        ]
      : []),
    '',
    `See my purchases: ${purchasesUrl}`,
    '',
    `— ${BRAND_NAME}`,
  ].join('\n');
  return { subject, html, text };
}
