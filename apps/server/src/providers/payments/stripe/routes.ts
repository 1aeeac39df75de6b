import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASH_APP_SETUP_RESULT_PARAM,
  errorEnvelope,
  stripeCashAppSetupResponse,
  stripeConfigResponse,
  stripeDeleteMethodResponse,
  stripeMethodIdParam,
  stripePaymentIntentParams,
  stripePaymentIntentQuery,
  stripePaymentIntentResponse,
  stripePaymentMethodsResponse,
  stripeSaveCardBody,
  stripeSaveCardResponse,
} from '@store/shared';
import { requireSession, signedInUser } from '../../../plugins/auth.ts';
import { AppError } from '../../../lib/errors.ts';
import { listPaymentMethods, payWithStripe, removePaymentMethod, returnTarget, saveCard, startCashAppSetup } from './service.ts';
import { readJsonAsText } from '../../../lib/raw-json-body.ts';
import type { PaymentsCore, WebhookEventPolicy } from '../core-port.ts';
import { openedInFrame, sendFramedReturn } from '../../../lib/framed-return.ts';

/** The return from Stripe's page: Stripe adds its own parameters, so unknown ones are not refused. */
const returnQuery = z.object({
  orderId: z.string().min(1).max(64).optional(),
  setup: z.literal('cashapp').optional(),
  payment_intent: z.string().max(100).optional(),
  setup_intent: z.string().max(100).optional(),
  redirect_status: z.string().max(40).optional(),
});

/**
 * Stripe's answers to its webhook's events (ADR 012): a duplicate (a replay, or one being handled) is
 * acknowledged as such; an event whose handling ended in a refusal stays handled (200), and only one about
 * a payment not recorded yet (404) or our own fault is released for Stripe to retry.
 */
const STRIPE_WEBHOOK_POLICY: WebhookEventPolicy = { whileProcessing: 'replay', onFailure: 'keep-refusals' };

/** Stripe's events are a few KB; a generous limit for the larger ones. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** SPEC §7 Stripe calls, the calls beyond the spec a shopper needs (ADR 004), the return route and Stripe's webhook (ADR 012). */
const stripeRoutes =
  (core: PaymentsCore): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = core.deps;
    const gateway = () => app.stripeGateway;

    app.get(
      '/v1/payment/stripe/config',
      {
        schema: {
          tags: ['payments'],
          description:
            "Public. What the card form needs: Stripe's publishable key (mode stripe: Stripe's card element), or the sandbox (our card vault's fields at vaultOrigin); mode off when Stripe is not offered.",
          response: { 200: stripeConfigResponse },
        },
      },
      async () => {
        const stripe = gateway();
        const mode = !stripe ? ('off' as const) : stripe.mode === 'live' ? ('stripe' as const) : ('sandbox' as const);
        return { success: true as const, data: { mode, publishableKey: stripe?.publishableKey ?? null, vaultOrigin: app.vault.origin() } };
      },
    );

    const shopperRoutes: FastifyPluginAsyncZod = async (signedIn) => {
      requireSession(signedIn);

      signedIn.get(
        '/v1/payment/stripe/payment-methods',
        {
          schema: {
            tags: ['payments'],
            description:
              "The shopper's saved methods: Stripe cards (card), cards saved on the cashier page (nuveiCards) and Cash App accounts (cashapp), newest first. Each has its userPaymentOptionId (a Stripe method's is its pm_ id).",
            response: { 200: stripePaymentMethodsResponse, 401: errorEnvelope },
          },
        },
        async (request) => ({
          success: true as const,
          data: { paymentMethods: await listPaymentMethods(deps(request.log), gateway(), signedInUser(request)._id) },
        }),
      );

      signedIn.delete(
        '/v1/payment/stripe/payment-methods/:id',
        {
          schema: {
            tags: ['payments'],
            description:
              "Deletes a saved Stripe card, Cash App account or cashier card of the shopper's (404 for anyone else's or an unknown id). The provider forgets it too; when it does not answer, 502 and the method stays, so the shopper can try again.",
            params: stripeMethodIdParam,
            response: { 200: stripeDeleteMethodResponse, 404: errorEnvelope, 502: errorEnvelope },
          },
        },
        async (request) => {
          await removePaymentMethod(deps(request.log), gateway(), signedInUser(request)._id, request.params.id);
          return { success: true as const };
        },
      );

      signedIn.post(
        '/v1/payment/stripe/payment-methods',
        {
          schema: {
            tags: ['payments'],
            description:
              "Saves a card with Stripe (beyond the spec, ADR 004): a card vault token (the sandbox) or a PaymentMethod id from Stripe's card element (real Stripe). A card Stripe refuses answers 402. Counts as a card attempt.",
            body: stripeSaveCardBody,
            response: { 200: stripeSaveCardResponse },
          },
        },
        async (request, reply) => {
          const attempts = core.cardAttempts(request);
          await attempts.admit(reply);
          const paymentMethod = await saveCard(deps(request.log, attempts), gateway(), signedInUser(request)._id, request.body);
          return { success: true as const, data: { paymentMethod } };
        },
      );

      signedIn.post(
        '/v1/payment/stripe/cash-app/setup',
        {
          schema: {
            tags: ['payments'],
            description:
              "Adds a Cash App account (beyond the spec, ADR 004): answers Cash App's authorisation page; the shopper comes back to /add-card?cashApp=added (or failed) and the account is in the list. Empty body.",
            response: { 200: stripeCashAppSetupResponse },
          },
        },
        async (request) => ({
          success: true as const,
          data: await startCashAppSetup(deps(request.log), gateway(), signedInUser(request)._id, {
            ipAddress: request.ip,
            userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) || 'unknown',
          }),
        }),
      );

      signedIn.post(
        '/v1/payment/stripe/payment-intent/:userPaymentOptionId',
        {
          schema: {
            tags: ['payments'],
            description:
              "Pays the order (?orderId=) with a saved Stripe card or Cash App account, or with a new Cash App account (id 'cashapp'). Empty body. approved; requires_action with nextAction (Stripe's 3-D Secure or Cash App page to go to); processing. Declines answer 402; another shopper's method 404.",
            params: stripePaymentIntentParams,
            querystring: stripePaymentIntentQuery,
            response: { 200: stripePaymentIntentResponse },
          },
        },
        async (request, reply) => {
          const attempts = core.cardAttempts(request);
          await attempts.admit(reply);
          return {
            success: true as const,
            data: await payWithStripe(
              deps(request.log, attempts),
              gateway(),
              signedInUser(request)._id,
              request.params.userPaymentOptionId,
              request.query.orderId,
            ),
          };
        },
      );
    };
    await app.register(shopperRoutes);

    // Where Stripe's page sends the browser back: no session (a top-level navigation), so it only asks
    // Stripe about our own payment and redirects to the page that says how it ended.
    app.get('/v1/payment/stripe/return', { config: { externalInput: true }, schema: { hide: true } }, async (request, reply) => {
      const base = app.config.BROWSER_BASE;
      const query = returnQuery.safeParse(request.query);
      if (!query.success) return reply.redirect(`${base}/my-purchases`, 303);
      const { orderId, setup, payment_intent: paymentIntent, redirect_status: status } = query.data;
      if (setup === 'cashapp')
        return reply.redirect(`${base}/add-card?${CASH_APP_SETUP_RESULT_PARAM}=${status === 'succeeded' ? 'added' : 'failed'}`, 303);
      if (!orderId) return reply.redirect(`${base}/my-purchases`, 303);
      const path = await returnTarget(deps(request.log), orderId, paymentIntent);
      // Stripe's authentication ran in the pay page's dialog (issue 24): tell that page, rather than open the store in the frame.
      if (openedInFrame(request.headers)) return sendFramedReturn(reply, base, path, app.config.STORE_ORIGINS);
      return reply.redirect(`${base}${path}`, 303);
    });

    // Stripe's webhook: the signature (HMAC-SHA256 over the timestamp and the raw body, timestamp within
    // the tolerance) is the authentication, so the body is kept as sent: a parser of its own, in this
    // route's own context. Each event id is handled once.
    await app.register(async (webhook) => {
      readJsonAsText(webhook, { bodyLimit: WEBHOOK_BODY_LIMIT });
      webhook.post(
        '/v1/payment/stripe/webhook',
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
          schema: { tags: ['payments'], description: "Stripe's webhook (ADR 012); authenticated by the Stripe-Signature header." },
        },
        async (request) => {
          const stripe = gateway();
          if (!stripe) throw new AppError(404, 'NOT_FOUND', 'Stripe is not configured.');
          const event = stripe.parseWebhook({ rawBody: typeof request.body === 'string' ? request.body : '', headers: request.headers });
          // A delivery while another handles the event is answered as a replay; a refusal of ours keeps the event (Stripe need not retry).
          const taken = await core.takeWebhookEvent(deps(request.log), stripe, event, STRIPE_WEBHOOK_POLICY);
          return taken === 'replay'
            ? { success: true as const, received: true, duplicate: true }
            : { success: true as const, received: true };
        },
      );
    });
  };

export default stripeRoutes;
