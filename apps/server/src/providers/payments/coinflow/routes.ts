// The embedded checkout's routes (SPEC §7 GET v1/payment/coinflow/session; ADR 020) and the hosted
// checkout's webhook to its merchant, the store.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coinflowSessionQuery, coinflowSessionResponse, errorEnvelope } from '@store/shared';
import { requireSession, signedInUser } from '../../../plugins/auth.ts';
import { openCoinflowSession, parseCoinflowDelivery } from './service.ts';
import { readJsonAsText } from '../../../lib/raw-json-body.ts';
import type { PaymentsCore, WebhookEventPolicy } from '../core-port.ts';

/**
 * POST v1/payment/coinflow/webhook. Refused by the provider's parseWebhook, nothing changed: a forged,
 * tampered or unauthenticated event (401); one of our hosted checkout's signed more than five minutes away
 * from now (400 STALE_NOTIFICATION); one that is not the sender's JSON (400). A replay of an event already
 * handled is acknowledged and changes nothing; a duplicate arriving while the first is handled gets 409 (the
 * sender delivers it again). Any failure in handling releases the claim (an event about a payment the store
 * cannot take now, 404), so the next delivery is taken afresh. A card declined in the page counts as a card
 * decline of the shopper's (ADR 031).
 */
const COINFLOW_WEBHOOK_POLICY: WebhookEventPolicy = { whileProcessing: 'conflict', onFailure: 'release' };

const coinflowRoutes =
  (core: PaymentsCore): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = core.deps;

    const shopperRoutes: FastifyPluginAsyncZod = async (signedIn) => {
      requireSession(signedIn);
      signedIn.get(
        '/v1/payment/coinflow/session',
        {
          schema: {
            tags: ['payments'],
            description:
              "A hosted checkout session for the shopper's pending order (orderId, else their latest pending one), to open in the embedded checkout's frame. The amount is the order's. Asked again while the session is open: the same session with a new key (the old one stops working). Unknown gameProvider 400; no pending order or another shopper's 404; a paid order or another payment in progress 409; a shopper who may not pay this way 403. Opening a session (or a new key) counts as a card attempt, and each card the host declines in it as a decline: 429 CARD_ATTEMPTS_LIMITED with Retry-After over the limit.",
            querystring: coinflowSessionQuery,
            response: {
              200: coinflowSessionResponse,
              400: errorEnvelope,
              403: errorEnvelope,
              404: errorEnvelope,
              409: errorEnvelope,
              429: errorEnvelope,
              502: errorEnvelope,
            },
          },
        },
        async (request, reply) => {
          // A card may be typed in the session: opening one (or a new key for it) is a card attempt, refused
          // over the limit before the order is touched or the host asked (ADR 031).
          const attempts = core.cardAttempts(request);
          await attempts.admit(reply);
          return {
            success: true as const,
            data: await openCoinflowSession(deps(request.log, attempts), signedInUser(request), request.query),
          };
        },
      );
    };
    await app.register(shopperRoutes);

    // The host's webhook: no session; its signature is the authentication. It signs the raw bytes, so this
    // route alone reads its JSON body as text.
    const webhookRoute: FastifyPluginAsyncZod = async (hook) => {
      readJsonAsText(hook);
      hook.route({
        method: 'POST',
        url: '/v1/payment/coinflow/webhook',
        // The host decides the event's fields; its per-address limit is the notify routes'.
        config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
        schema: {
          tags: ['payments'],
          description:
            "The embedded checkout's webhook events. Our hosted checkout (COINFLOW_MODE=hosted): payment.approved, payment.declined, payment.refunded; payment.pending, a bank debit (ACH) started in the frame, keeps the attempt and its order waiting for the bank (the order shows paymentProcessing) until payment.approved fulfils it or payment.declined fails it; payment.card_declined, each card declined in a session, counts as a card decline of the shopper's; authenticated by x-checkout-signature: t=…,v1=… (signed more than 5 minutes ago 400). Coinflow (COINFLOW_MODE=coinflow): Settled grants, Card Payment Declined counts a card decline, Refund Complete gives the coins back; authenticated by Coinflow-Signature (t=…,v1=…) or else an Authorization header equal to the Webhook Validation Key. Forged 401; a replay of an event is acknowledged and changes nothing.",
        },
        handler: async (request) => {
          const hookDeps = deps(request.log);
          const event = await parseCoinflowDelivery(hookDeps, app.coinflowGateway, {
            rawBody: typeof request.body === 'string' ? request.body : '',
            headers: request.headers,
          });
          await core.takeWebhookEvent(hookDeps, app.coinflowGateway.provider, event, COINFLOW_WEBHOOK_POLICY);
          return { success: true as const };
        },
      });
    };
    await app.register(webhookRoute);
  };

export default coinflowRoutes;
