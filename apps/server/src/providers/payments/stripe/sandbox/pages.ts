// The Stripe sandbox's pages, on the store's own origin (outside /api, as Stripe's pages would be on
// its own): the 3-D Secure authentication of a card payment (/sandbox/stripe/3ds/:id) and Cash App's
// authorisation of a payment or a setup (/sandbox/stripe/cashapp/:id). Each is bound to the single-use
// secret in the URL Stripe's next_action gave (?secret=, kept out of the logs by lib/log-safety.ts)
// and answers like Stripe's test pages (Complete / Fail; Authorize / Decline). They are demo doors:
// only with the sandbox, and only on the machine the store runs on unless DEMO_REMOTE_ACCESS opens them.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { formatCents } from '@store/shared';
import { sameMachineOnly } from '../../../../plugins/demo-doors.ts';
import { escapeHtml } from '@store/server-kit';
import { providerPage } from '../../../../lib/provider-page.ts';
import type { StripeSandbox } from './sandbox.ts';

const params = z.object({ kind: z.enum(['3ds', 'cashapp']), id: z.string().regex(/^(pi|seti)_[A-Za-z0-9]{10,40}$/) });
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const pageQuery = z.object({ secret: secretSchema });
const decisionBody = z.object({ decision: z.enum(['approve', 'fail']), secret: secretSchema });
const NO_SUCH_PAGE = 'No such authentication.';

const TEXTS = {
  '3ds': { title: '3D Secure 2 Test Page', approve: 'Complete authentication', fail: 'Fail authentication' },
  cashapp: { title: 'Cash App Pay (test)', approve: 'Authorize test payment', fail: 'Decline test payment' },
} as const;

function page(kind: '3ds' | 'cashapp', id: string, secret: string, amount: number | null): string {
  const text = TEXTS[kind];
  const what =
    amount === null
      ? 'Allow this store to charge your Cash App account for later purchases.'
      : `${kind === '3ds' ? 'Authenticate' : 'Authorize'} the payment of <strong>${escapeHtml(formatCents(amount))}</strong>.`;
  return providerPage({
    title: text.title,
    provider: kind === '3ds' ? 'Stripe sandbox · 3-D Secure' : 'Stripe sandbox · Cash App Pay',
    body: `<h1>${text.title}</h1><p>${what}</p>
<form method="post" action="/sandbox/stripe/${kind}/${escapeHtml(id)}"><input type="hidden" name="secret" value="${escapeHtml(secret)}"><div class="actions"><button class="primary" type="submit" name="decision" value="approve">${text.approve}</button><button type="submit" name="decision" value="fail">${text.fail}</button></div></form>`,
  });
}

const stripeSandboxPages: FastifyPluginAsync<{ sandbox: StripeSandbox }> = async (app, { sandbox }) => {
  app.addHook('onRequest', sameMachineOnly(app.config));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const storeOrigins = app.config.STORE_ORIGINS.join(' ');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${storeOrigins}; frame-ancestors 'self' ${storeOrigins}; base-uri 'none'`;

  app.get('/sandbox/stripe/:kind/:id', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const query = pageQuery.safeParse(request.query);
    const action = parsed.success && query.success ? await sandbox.findAction(parsed.data.id, query.data.secret) : null;
    if (!parsed.success || !query.success || !action || action.kind !== parsed.data.kind)
      return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    return reply
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page(parsed.data.kind, parsed.data.id, query.data.secret, action.amount));
  });

  app.post('/sandbox/stripe/:kind/:id', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = decisionBody.safeParse(request.body);
    if (!parsed.success || !body.success) {
      const secretGiven = secretSchema.safeParse((request.body as { secret?: unknown } | undefined)?.secret).success;
      if (!parsed.success || !secretGiven) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
      return reply.status(400).type('text/plain').send('Choose one of the two buttons.');
    }
    const action = await sandbox.findAction(parsed.data.id, body.data.secret);
    if (!action || action.kind !== parsed.data.kind) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    // The event reaches our webhook before the browser is sent back, as the Nuvei sandbox does.
    const back = await sandbox.decideAction(parsed.data.id, body.data.secret, body.data.decision === 'approve');
    if (!back) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    return reply.redirect(back, 303);
  });
};

export default stripeSandboxPages;
