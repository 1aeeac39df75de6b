// The sandbox's 3-D Secure challenge page (outside /api, as a card issuer's page would be):
// Approve or Fail, then the sandbox delivers its signed notification to our webhook and sends the
// browser back to the store. Like a bank's page it is bound to the single-use secret in the URL the
// payment step returned (?secret=, kept out of the logs by lib/log-safety.ts); the form posts it back
// in its body. Without it, or with a wrong or used one, the page answers as for an unknown challenge.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@store/shared';
import { escapeHtml } from '../../../mail/html.ts';
import type { SandboxGateway } from './gateway.ts';
import { SANDBOX_SIGNATURE_HEADER } from './notification.ts';

const params = z.object({ transactionId: z.string().regex(/^\d{6,24}$/) });
/** 32 random bytes, base64url (gateway.ts). */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const pageQuery = z.object({ secret: secretSchema });
const decisionBody = z.object({ decision: z.enum(['approve', 'fail']), secret: secretSchema });
const NO_SUCH_CHALLENGE = 'No such 3-D Secure challenge.';

function page(transactionId: string, secret: string, amountCents: number): string {
  const action = `/sandbox/3ds/${escapeHtml(transactionId)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure check</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.4rem;margin-right:.5rem}</style></head>
<body><h1>3-D Secure check</h1><p>Sandbox bank: confirm the payment of <strong>${escapeHtml(formatCents(amountCents))}</strong>.</p>
<form method="post" action="${action}"><input type="hidden" name="secret" value="${escapeHtml(secret)}"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="fail">Fail</button></form>
</body></html>`;
}

const sandboxChallengeRoutes: FastifyPluginAsync<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // The way back to the store: PUBLIC_URL, or a path on this same origin when it is unset (BROWSER_BASE).
  const store = app.config.BROWSER_BASE;
  const storeOrigins = app.config.STORE_ORIGINS.join(' ');
  // The hosted checkout (ADR 020) shows the bank's challenge inside its own page; its origin is known once it listens.
  const checkoutOrigin = () => (app.hasDecorator('checkoutHost') ? app.getDecorator<{ origin(): string }>('checkoutHost').origin() : '');
  // The form posts here and we redirect to the store, which may be another origin in development.
  const csp = () =>
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${storeOrigins}; frame-ancestors 'self' ${storeOrigins} ${checkoutOrigin()}; base-uri 'none'`;

  app.get('/sandbox/3ds/:transactionId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const query = pageQuery.safeParse(request.query);
    const challenge = parsed.success && query.success ? await gateway.findChallenge(parsed.data.transactionId, query.data.secret) : null;
    if (!parsed.success || !query.success || !challenge) return reply.status(404).type('text/plain').send(NO_SUCH_CHALLENGE);
    // no-referrer: the secret in this page's URL is not handed to wherever the page leads.
    return reply
      .header('content-security-policy', csp())
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page(parsed.data.transactionId, query.data.secret, challenge.amountCents));
  });

  app.post('/sandbox/3ds/:transactionId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = decisionBody.safeParse(request.body);
    if (!parsed.success || !body.success) {
      // A missing or malformed secret is a stranger's post: answered as for an unknown challenge.
      const secretGiven = secretSchema.safeParse((request.body as { secret?: unknown } | undefined)?.secret).success;
      if (!parsed.success || !secretGiven) return reply.status(404).type('text/plain').send(NO_SUCH_CHALLENGE);
      return reply.status(400).type('text/plain').send('Choose Approve or Fail.');
    }
    const signed = await gateway.decideChallenge(parsed.data.transactionId, body.data.secret, body.data.decision === 'approve');
    if (!signed) return reply.status(404).type('text/plain').send(NO_SUCH_CHALLENGE);
    // Delivered in-process through the real webhook route, signature and all.
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/v1/nuvei/notify',
      headers: { [SANDBOX_SIGNATURE_HEADER]: signed.signature, 'content-type': 'application/json' },
      payload: JSON.stringify(signed.body),
    });
    const orderId = encodeURIComponent(signed.body.orderId);
    const succeeded = signed.body.status === 'APPROVED' && delivered.statusCode === 200;
    if (delivered.statusCode !== 200)
      request.log.warn({ status: delivered.statusCode, transactionId: parsed.data.transactionId }, 'sandbox notification was not accepted');
    return reply.redirect(
      succeeded ? `${store}/payment-success?orderId=${orderId}` : `${store}/cart?payment=failed&orderId=${orderId}`,
      303,
    );
  });
};

export default sandboxChallengeRoutes;
