// The sandbox's 3-D Secure bank page, its ACS (outside /api, as a card issuer's page would be), the way
// 3-D Secure 2 runs it (ADR 037):
//   POST /sandbox/3ds/:transactionId?secret=…  with the form field creq, from the store's auto-submitting
//        form: the page asks the shopper to Approve or Fail. Opened any other way (a GET, no creq, a creq
//        of another challenge, a wrong or used secret) it shows nothing of the challenge.
//   POST /sandbox/3ds/:transactionId  with decision and secret (the page's own form, which carries the creq
//        back): the answer is taken once, and the page posts the bank's answer (cres) to the notificationURL
//        the payment was given (the sandbox's creq names it): the store's challenge-return page, or the
//        hosted checkout's, which then makes the final payment. No money moves here.
// Like a bank's page it is bound to the single-use secret in the URL the payment returned (?secret=, kept
// out of the logs by lib/log-safety.ts); the page's form posts it back in its body.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@store/shared';
import { escapeHtml } from '@store/server-kit';
import { providerPage } from '../../../../lib/provider-page.ts';
import type { SandboxGateway } from './gateway.ts';
import { inlineBrowserScript } from '../../../../lib/browser-scripts.ts';

const params = z.object({ transactionId: z.string().regex(/^\d{6,24}$/) });
/** 32 random bytes, base64url (gateway.ts). */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const pageQuery = z.object({ secret: secretSchema });
const creqSchema = z.string().regex(/^[A-Za-z0-9_=-]{1,4096}$/);
const decisionBody = z.object({ decision: z.enum(['approve', 'fail']), secret: secretSchema, creq: creqSchema.optional() });
const NO_SUCH_CHALLENGE = 'No such 3-D Secure challenge.';
const GET_REFUSED = 'This bank page opens only from the store: its form must POST the challenge request (creq).';

const BANK = 'Sandbox bank · 3-D Secure';
const shell = (title: string, body: string, after = '') => providerPage({ title, provider: BANK, body, after });

/** Exported for the screenshot script and tests. */
export function challengePage(transactionId: string, secret: string, amountCents: number, creq = ''): string {
  const action = `/sandbox/3ds/${escapeHtml(transactionId)}`;
  return shell(
    '3-D Secure check',
    `<h1>Confirm your payment</h1><p>Your bank asks you to confirm the payment of <strong>${escapeHtml(formatCents(amountCents))}</strong> to the store.</p>
<form method="post" action="${action}"><input type="hidden" name="secret" value="${escapeHtml(secret)}">${creq ? `<input type="hidden" name="creq" value="${escapeHtml(creq)}">` : ''}<div class="actions"><button class="primary" type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="fail">Fail</button></div></form>`,
  );
}

function answerPage(notificationUrl: string, cres: string): string {
  return shell(
    'Returning to the store',
    `<h1>Returning to the store…</h1>
<form id="cres-form" method="post" action="${escapeHtml(notificationUrl)}" data-auto-submit><input type="hidden" name="cres" value="${escapeHtml(cres)}"><div class="actions"><button class="primary" type="submit">Continue</button></div></form>`,
    // Sends the bank's answer on at once; the button is there for a browser without script.
    inlineBrowserScript('auto-submit').element,
  );
}

const sandboxChallengeRoutes: FastifyPluginAsync<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const storeOrigins = app.config.STORE_ORIGINS.join(' ');
  // The hosted checkout (ADR 020) shows the bank's challenge inside its own page; its origin is known once it listens.
  const checkoutOrigin = () => (app.hasDecorator('checkoutHost') ? app.getDecorator<{ origin(): string }>('checkoutHost').origin() : '');
  // Inside the hosted checkout, the merchant page framing it is an ancestor too: the store's own pages, or the
  // other merchant pages its operator named (CHECKOUT_EXTRA_ORIGINS, e.g. one of the published SDK).
  const merchantPages = [app.config.STORE_ORIGINS, app.config.CHECKOUT_EXTRA_ORIGINS].flat().join(' ');
  // The page posts to itself, then the bank's answer to the store's return page (another origin in development)
  // or the hosted checkout's own (its origin).
  const csp = () =>
    `default-src 'none'; style-src 'unsafe-inline'; script-src ${inlineBrowserScript('auto-submit').cspSource}; form-action 'self' ${storeOrigins} ${checkoutOrigin()}; frame-ancestors 'self' ${merchantPages} ${checkoutOrigin()}; base-uri 'none'`;
  const page = (html: string) => (reply: import('fastify').FastifyReply) =>
    reply
      .header('content-security-policy', csp())
      .header('cache-control', 'no-store')
      // no-referrer: the secret in this page's URL is not handed to wherever the page leads.
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  const refuse = (reply: import('fastify').FastifyReply, status: number, text: string) =>
    reply
      .status(status)
      .header('content-security-policy', csp())
      .type('text/html; charset=utf-8')
      .send(shell('3-D Secure check', `<h1>${escapeHtml(text)}</h1>`));

  // An ACS is not opened by a link: 3-D Secure 2 POSTs it the creq.
  app.get('/sandbox/3ds/:transactionId', { schema: { hide: true } }, async (_request, reply) =>
    refuse(reply.header('allow', 'POST'), 405, GET_REFUSED),
  );

  app.post('/sandbox/3ds/:transactionId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    if (!parsed.success) return refuse(reply, 404, NO_SUCH_CHALLENGE);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    if (body.decision === undefined) {
      // The store's form: the challenge request, with the page's secret in its address.
      const query = pageQuery.safeParse(request.query);
      const creq = creqSchema.safeParse(body.creq);
      if (!creq.success) return refuse(reply, 400, GET_REFUSED);
      const challenge = query.success ? await gateway.findChallenge(parsed.data.transactionId, query.data.secret, creq.data) : null;
      if (!query.success || !challenge || challenge.status !== 'challenge') return refuse(reply, 404, NO_SUCH_CHALLENGE);
      return page(challengePage(parsed.data.transactionId, query.data.secret, challenge.amountCents, creq.data))(reply);
    }
    const decision = decisionBody.safeParse(body);
    if (!decision.success) {
      // A missing or malformed secret is a stranger's post: answered as for an unknown challenge.
      if (!secretSchema.safeParse(body.secret).success) return refuse(reply, 404, NO_SUCH_CHALLENGE);
      return refuse(reply, 400, 'Choose Approve or Fail.');
    }
    const answer = await gateway.decideChallenge(
      parsed.data.transactionId,
      decision.data.secret,
      decision.data.decision === 'approve',
      decision.data.creq,
    );
    if (!answer) return refuse(reply, 404, NO_SUCH_CHALLENGE);
    return page(answerPage(answer.notificationUrl, answer.cres))(reply);
  });

  // The demo's control route: what the sandbox Nuvei recorded for an order (a real Nuvei shows this in its
  // back office). Only the sandbox serves it; order ids are random and it holds no card or shopper data.
  app.get('/sandbox/nuvei/orders/:orderId/transactions', { schema: { hide: true } }, async (request, reply) => {
    const orderId = z
      .string()
      .min(1)
      .max(64)
      .safeParse((request.params as { orderId?: unknown }).orderId);
    if (!orderId.success) return reply.code(404).send({ success: false, message: 'No such order.' });
    return { success: true, data: await gateway.transactionsOfOrder(orderId.data) };
  });
};

export default sandboxChallengeRoutes;
