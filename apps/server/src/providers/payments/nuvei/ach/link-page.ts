// The bank-linking page (outside /api, as a bank's or the provider's page would be): the shopper types
// a routing number, an account number and the account's type; they go to the provider (the sandbox, or
// Nuvei's addUPOAPM) and nowhere else: never stored, never logged, never echoed back. Like the 3-D
// Secure page it is bound to the single-use secret in the URL that add_bank answered (?secret=, kept out
// of the logs by lib/log-safety.ts); the form posts it back in its body. Then the browser goes back to
// the store: the pay page with ?bankLink= (the web saves the account through v1/checkout/saved-bank), or
// /payment-success when the link was opened to pay an order. The store opens it in a dialog over its page
// (issue 24); posted from that frame, the answer is a page that tells the store page where to go on.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatCents, paymentSuccessPath } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
import { openedInFrame, sendFramedReturn } from '../../../../lib/framed-return.ts';
import { providerPage } from '../../../../lib/provider-page.ts';
import { submitBankLink, viewBankLink, type LinkPageView } from './service.ts';
import type { FamilyDeps, PaymentsCore } from '../../core-port.ts';

const params = z.object({ linkId: z.string().min(1).max(64) });
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const pageQuery = z.object({ secret: secretSchema });
const formBody = z.object({
  secret: secretSchema,
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, 'The routing number has 9 digits.'),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, 'The account number has 4 to 17 digits.'),
  accountType: z.enum(['checking', 'savings'], { message: 'Choose checking or savings.' }),
});
const NO_SUCH_LINK = 'This bank-linking page has expired or was already used. Start again from the store.';

/**
 * What the page keeps of a refused form: the routing number (it names the bank, not the account) and the
 * account's type. The account number is never echoed back; the shopper types it again.
 */
interface Typed {
  routingNumber?: string;
  accountType?: string;
}

function typedOf(body: unknown): Typed {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const routing = typeof fields.routingNumber === 'string' ? fields.routingNumber.trim().slice(0, 32) : undefined;
  const type = fields.accountType === 'savings' || fields.accountType === 'checking' ? fields.accountType : undefined;
  return { routingNumber: routing, accountType: type };
}

function page(linkId: string, secret: string, view: LinkPageView, error?: string, typed: Typed = {}): string {
  const action = `/bank-link/${encodeURIComponent(linkId)}`;
  const paying =
    view.amountCents !== null
      ? `<p>Once linked, <strong>${escapeHtml(formatCents(view.amountCents))}</strong> is debited from it for your order.</p>`
      : '';
  const tests = view.testAccounts?.length
    ? `<h2>Sandbox test numbers</h2><table><thead><tr><th>What it does</th><th>Routing</th><th>Account</th></tr></thead><tbody>${view.testAccounts
        .map(
          (t) => `<tr><td>${escapeHtml(t.label)}</td><td><code>${t.routingNumber}</code></td><td><code>${t.accountNumber}</code></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const option = (value: string, label: string) =>
    `<option value="${value}"${typed.accountType === value ? ' selected' : ''}>${label}</option>`;
  return providerPage({
    title: 'Link a bank account',
    provider: 'Sandbox bank link · ACH',
    body: `<h1>Link a bank account</h1><p>Your bank account is debited by ACH. The money settles in a few days; your order shows as processing until then.</p>${paying}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}"><input type="hidden" name="secret" value="${escapeHtml(secret)}">
<label for="routingNumber">Routing number</label><input id="routingNumber" name="routingNumber" inputmode="numeric" autocomplete="off" required pattern="[0-9]{9}" value="${escapeHtml(typed.routingNumber ?? '')}">
<label for="accountNumber">Account number</label><input id="accountNumber" name="accountNumber" inputmode="numeric" autocomplete="off" required pattern="[0-9]{4,17}">
<label for="accountType">Account type</label><select id="accountType" name="accountType">${option('checking', 'Checking')}${option('savings', 'Savings')}</select>
<div class="actions"><button class="primary" type="submit">Link account</button></div></form>${tests}`,
  });
}

const achLinkPage =
  (core: PaymentsCore): FastifyPluginAsync =>
  async (app) => {
    const depsFor = (log: FamilyDeps['log']) => core.deps(log);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const store = app.config.BROWSER_BASE;
    const storeOrigins = app.config.STORE_ORIGINS.join(' ');
    // Framed over the pay page or the cash-out page (issue 24): the store's own pages may hold it, no other site.
    const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${storeOrigins}; frame-ancestors 'self' ${storeOrigins}; base-uri 'none'`;
    // Where the browser goes on: the store page itself, or (the page ran in the store's dialog) a page that tells it.
    const goOn = (request: FastifyRequest, reply: FastifyReply, path: string) =>
      openedInFrame(request.headers)
        ? sendFramedReturn(reply, store, path, app.config.STORE_ORIGINS, 'Bank link')
        : reply.redirect(`${store}${path}`, 303);
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .status(status)
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(body);

    app.get('/bank-link/:linkId', { schema: { hide: true } }, async (request, reply) => {
      const p = params.safeParse(request.params);
      const q = pageQuery.safeParse(request.query);
      const view = p.success && q.success ? await viewBankLink(depsFor(request.log), p.data.linkId, q.data.secret) : null;
      if (!p.success || !q.success || !view) return reply.status(404).type('text/plain').send(NO_SUCH_LINK);
      return html(reply, 200, page(p.data.linkId, q.data.secret, view));
    });

    app.post('/bank-link/:linkId', { schema: { hide: true } }, async (request, reply) => {
      const p = params.safeParse(request.params);
      const secret = secretSchema.safeParse((request.body as { secret?: unknown } | undefined)?.secret);
      if (!p.success || !secret.success) return reply.status(404).type('text/plain').send(NO_SUCH_LINK);
      const deps = depsFor(request.log);
      const form = formBody.safeParse(request.body);
      if (!form.success) {
        const view = await viewBankLink(deps, p.data.linkId, secret.data);
        if (!view) return reply.status(404).type('text/plain').send(NO_SUCH_LINK);
        return html(reply, 400, page(p.data.linkId, secret.data, view, form.error.issues[0]?.message, typedOf(request.body)));
      }
      const { routingNumber, accountNumber, accountType } = form.data;
      const done = await submitBankLink(deps, p.data.linkId, secret.data, { routingNumber, accountNumber, accountType }, request.ip);
      if (!done) return reply.status(404).type('text/plain').send(NO_SUCH_LINK);
      if (done.status === 'refused')
        return html(reply, 422, page(p.data.linkId, secret.data, done.view, done.reason, { routingNumber, accountType }));
      const link = encodeURIComponent(done.linkId);
      // The debit was started and settles in days: the success page says so (a bank payment, not a card's).
      if (done.orderId && done.paid) return goOn(request, reply, paymentSuccessPath(done.orderId, 'bank'));
      // An order's pay page; else the page that opened the link (cash-out), else the payment-methods page.
      const payPage = done.orderId ? `/add-card/${encodeURIComponent(done.orderId)}` : done.returnTo ? `/${done.returnTo}` : '/add-card';
      return goOn(request, reply, `${payPage}?bankLink=${link}${done.paid === false ? '&payment=failed' : ''}`);
    });
  };

export default achLinkPage;
