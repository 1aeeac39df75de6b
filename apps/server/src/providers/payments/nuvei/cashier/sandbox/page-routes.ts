// The cashier sandbox's hosted payment page (outside /api, as the provider's page would be; ADR 014).
// A demo door: it exists only with the sandbox, answers only on the same machine unless
// DEMO_REMOTE_ACCESS opens it, and is bound to the single-use secret in the URL start answered
// (?secret=, kept out of the logs by lib/log-safety.ts); the form posts it back in its body. Without
// it, or with a wrong or used one, the page answers as for an unknown page. The rest of the URL is Nuvei's
// signed Payment Page query: a wrong checksum, or one for another payment, is refused with 400. On Pay the sandbox
// delivers its signed notification through our real webhook route, then sends the browser back.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sameMachineOnly } from '../../../../../plugins/demo-doors.ts';
import type { CashierChoice, CashierSandbox } from './gateway.ts';
import { CASHIER_SIGNATURE_HEADER } from './notification.ts';
import { cashierPage, PAGE_SCRIPT_PATH, pageScript } from './page.ts';

const params = z.object({ pageId: z.string().regex(/^[0-9a-f]{24}$/) });
/** 32 random bytes, base64url (lib/ids.ts newSecretToken). */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const pageQuery = z.object({ secret: secretSchema });
const frameSessionBody = z.strictObject({ secret: secretSchema });
const choiceBody = z.object({
  secret: secretSchema,
  action: z.enum(['pay', 'cancel']),
  card: z.string().max(64).optional(),
  cardToken: z.string().max(128).optional(),
  saveCard: z.literal('true').optional(),
});
const NO_SUCH_PAGE = 'No such checkout page.';

function choiceOf(body: z.infer<typeof choiceBody>): CashierChoice | null {
  if (body.action === 'cancel') return { action: 'cancel' };
  if (body.card && body.card !== 'new') return { action: 'pay', userPaymentOptionId: body.card };
  return body.cardToken ? { action: 'pay', cardToken: body.cardToken, saveCard: body.saveCard === 'true' } : null;
}

const cashierPageRoutes: FastifyPluginAsync<{ cashier: CashierSandbox }> = async (app, { cashier }) => {
  app.addHook('onRequest', sameMachineOnly(app.config));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const storeOrigins = app.config.STORE_ORIGINS.join(' ');
  // The vault's field is framed; the form posts here and we redirect to the store (another origin in development).
  // The page itself runs in the pay page's dialog (issue 24), as Nuvei's Payment Page may.
  const csp = () =>
    `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-src ${app.vault.origin()}; form-action 'self' ${storeOrigins}; frame-ancestors 'self' ${storeOrigins}; base-uri 'none'`;
  // The card frame's session (ADR 032), for the shopper the page was made for.
  const frameSessionFor = (view: { userTokenId: string }) => app.vault.issueFrameSession({ kind: 'shopper', id: view.userTokenId });

  app.get(PAGE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(pageScript()),
  );

  app.get('/sandbox/cashier/:pageId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const query = pageQuery.safeParse(request.query);
    const view = parsed.success && query.success ? await cashier.findPage(parsed.data.pageId, query.data.secret) : null;
    if (!parsed.success || !query.success || !view) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    // As Nuvei's Payment Page: it opens only for a URL signed right for this payment (ADR 039).
    const refusal = cashier.pageUrlRefusal(view, new URL(request.url, 'http://page.invalid').searchParams);
    if (refusal) return reply.status(400).header('cache-control', 'no-store').type('text/plain').send(refusal);
    // no-referrer: the secret in this page's URL is not handed to wherever the page leads.
    return reply
      .header('content-security-policy', csp())
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(cashierPage(parsed.data.pageId, query.data.secret, view, app.vault.origin(), frameSessionFor(view)));
  });

  // A new frame session for a page that has been open a while; the page's secret says it is the page's own.
  app.post('/sandbox/cashier/:pageId/frame-session', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = frameSessionBody.safeParse(request.body);
    const view = parsed.success && body.success ? await cashier.findPage(parsed.data.pageId, body.data.secret) : null;
    if (!view) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    return reply.header('cache-control', 'no-store').send(frameSessionFor(view));
  });

  app.post('/sandbox/cashier/:pageId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = choiceBody.safeParse(request.body);
    const choice = body.success ? choiceOf(body.data) : null;
    if (!parsed.success || !body.success || !choice) {
      // A missing or malformed secret is a stranger's post: answered as for an unknown page.
      const secretGiven = secretSchema.safeParse((request.body as { secret?: unknown } | undefined)?.secret).success;
      if (!parsed.success || !secretGiven) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
      return reply.status(400).type('text/plain').send('Choose a card, or enter one, then Pay; or Cancel.');
    }
    const decision = await cashier.decide(parsed.data.pageId, body.data.secret, choice);
    if (!decision) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    if (decision.notification) {
      // Delivered in-process through the real webhook route, signature and all.
      const delivered = await app.inject({
        method: 'POST',
        url: '/api/v1/nuvei/notify',
        headers: { [CASHIER_SIGNATURE_HEADER]: decision.notification.signature, 'content-type': 'application/json' },
        payload: JSON.stringify(decision.notification.body),
      });
      if (delivered.statusCode !== 200)
        request.log.warn({ status: delivered.statusCode, pageId: parsed.data.pageId }, 'cashier sandbox notification was not accepted');
    }
    return reply.redirect(decision.redirect, 303);
  });
};

export default cashierPageRoutes;
