// Stripe in the registry of payment providers (ADR 012): with STRIPE_SECRET_KEY the `stripe` client
// talks to Stripe; without it the same client talks to the built-in sandbox's API on its own loopback
// port (STRIPE_SANDBOX_PORT, random by default), whose pages are served by the store and whose events
// are signed as Stripe signs them and sent to our webhook. In production the sandbox serves only when
// PAYMENTS_PROVIDER=sandbox says test payments are wanted; otherwise Stripe is simply not offered.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { sandboxesServe } from '../../../config-rules.ts';
import { STRIPE_WEBHOOK_PATH } from './events.ts';
import { createStripeGateway, type StripeGateway } from './gateway.ts';
import { createStripeSandboxApi } from './sandbox/api.ts';
import stripeSandboxControls from './sandbox/controls.ts';
import stripeSandboxPages from './sandbox/pages.ts';
import { createStripeSandbox } from './sandbox/sandbox.ts';
import type { StripeJson } from './sandbox/book.ts';

/** Every Stripe call gives up after this long (the core then looks the payment up). */
export const STRIPE_TIMEOUT_MS = 30_000;
/** Seconds a webhook's signature timestamp may be away from our clock (Stripe's default). */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

/** The route Stripe sends the shopper back to after its page (providers/payments/stripe/routes.ts). */
const RETURN_PATH = '/api/v1/payment/stripe/return';

export async function registerStripe(app: FastifyInstance): Promise<StripeGateway | null> {
  const { config } = app;
  const returnUrl = (base: string) => (query: Record<string, string>) => `${base}${RETURN_PATH}?${new URLSearchParams(query)}`;

  if (config.STRIPE_SECRET_KEY) {
    if (!config.STRIPE_PUBLISHABLE_KEY)
      throw new Error('STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY (the web shows Stripe’s card element with it).');
    if (!config.STRIPE_WEBHOOK_SECRET)
      throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the webhook endpoint).');
    const stripe = new Stripe(config.STRIPE_SECRET_KEY, { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1 });
    const gateway = createStripeGateway({
      name: 'stripe',
      mode: 'live',
      client: () => stripe,
      db: app.db,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      toleranceSeconds: STRIPE_WEBHOOK_TOLERANCE_S,
      // Stripe needs an absolute address to send the shopper back to.
      returnUrl: returnUrl(config.PUBLIC_URL.replace(/\/+$/, '')),
    });
    app.paymentProviders.register(gateway);
    return gateway;
  }

  if (!sandboxesServe(config)) return null;

  const apiKey = `sk_test_sandbox_${randomBytes(16).toString('hex')}`;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64url')}`;
  let client: Stripe | null = null;
  const deliveries = new Set<Promise<void>>();

  /** Stripe's delivery: the event signed with the endpoint's secret, POSTed to our webhook (in-process, as the Nuvei sandbox's). */
  async function deliver(event: StripeJson): Promise<void> {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const sending = app
      .inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
        payload,
      })
      .then((res) => {
        if (res.statusCode >= 300) app.log.warn({ eventId: event.id, status: res.statusCode }, 'stripe sandbox event was not accepted');
      })
      .catch((err: unknown) =>
        app.log.warn({ eventId: event.id, err: err instanceof Error ? err.message : String(err) }, 'stripe sandbox event not delivered'),
      );
    deliveries.add(sending);
    void sending.finally(() => deliveries.delete(sending));
    return sending;
  }

  const sandbox = createStripeSandbox({ db: app.db, vault: app.vault, browserBase: config.BROWSER_BASE, deliver });
  const server = createStripeSandboxApi({ sandbox, apiKey });
  const gateway = createStripeGateway({
    name: 'stripe-sandbox',
    mode: 'sandbox',
    client: () => {
      if (!client) throw new Error('The Stripe sandbox is not listening yet.');
      return client;
    },
    db: app.db,
    publishableKey: null,
    webhookSecret,
    toleranceSeconds: STRIPE_WEBHOOK_TOLERANCE_S,
    // Its pages are on the store's origin: a path there brings the shopper back to the origin they are on.
    returnUrl: returnUrl(config.BROWSER_BASE),
  });
  app.paymentProviders.register(gateway);
  await app.register(stripeSandboxPages, { sandbox });
  await app.register(stripeSandboxControls, { sandbox });
  app.addHook('onReady', async () => {
    await server.listen({ port: config.STRIPE_SANDBOX_PORT, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    client = new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http', timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 1 });
    app.log.info({ port }, 'stripe sandbox listening');
  });
  app.addHook('preClose', async () => {
    // Events on their way are answered before the routes go.
    await Promise.allSettled([...deliveries]);
  });
  app.addHook('onClose', async () => {
    await server.close();
  });
  return gateway;
}
