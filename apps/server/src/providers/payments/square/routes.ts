// Square's routes (SPEC §7 POST v1/payment/square/create-payment, GET v1/payment/square/config; ADR
// 013), the saved Square cards (beyond the spec, ADR 004) and Square's webhook.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorEnvelope,
  squareCardsResponse,
  squareConfigResponse,
  squareCreatePaymentBody,
  squareCreatePaymentResponse,
  squareDeleteCardResponse,
  squareSaveCardBody,
  squareSaveCardResponse,
} from '@store/shared';
import { requireSession, signedInUser } from '../../../plugins/auth.ts';
import { createSquarePayment, deleteSquareCard, listSquareCards, saveSquareCard, squareOf } from './service.ts';
import { readJsonAsText } from '../../../lib/raw-json-body.ts';
import type { PaymentsCore, WebhookEventPolicy } from '../core-port.ts';

/**
 * POST v1/payment/square/webhook (ADR 013). Refused by the provider's parseWebhook, nothing changed: a
 * forged or unsigned event (401), one that is not Square's JSON (400), a stale one (400). A replay of an
 * event already handled is acknowledged and changes nothing; a duplicate arriving while the first is being
 * handled gets 409 (Square tries it again later). Any failure in handling releases the claim: an event about
 * a payment the store does not know yet (its own record still being written) gets 404 and is taken afresh
 * on Square's next delivery.
 */
const SQUARE_WEBHOOK_POLICY: WebhookEventPolicy = { whileProcessing: 'conflict', onFailure: 'release' };

const cardIdParam = z.strictObject({ id: z.string().min(1).max(192) });

const squareRoutes =
  (core: PaymentsCore): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = core.deps;

    app.get(
      '/v1/payment/square/config',
      {
        schema: {
          tags: ['payments'],
          description:
            "Public. How the web shows Square's card form: Square's Web Payments SDK (its script URL, application and location) with real credentials; the card vault's hosted fields with the built-in sandbox. 400 PAYMENT_METHOD_UNAVAILABLE when Square is not offered.",
          response: { 200: squareConfigResponse, 400: errorEnvelope },
        },
      },
      async () => ({ success: true as const, data: squareOf(app.squareGateway).webConfig() }),
    );

    const shopperRoutes: FastifyPluginAsyncZod = async (signedIn) => {
      requireSession(signedIn);
      signedIn.post(
        '/v1/payment/square/create-payment',
        {
          schema: {
            tags: ['payments'],
            description:
              "Pays an order through Square with a card form's token (sourceId) or a saved Square card (savedCardId). The amount is the order's. approved: the order is paid and fulfilled; pending: Square's notification decides. Declines answer 402; another shopper's order or card 404; a paid order or a payment in progress 409; a shopper who may not pay this way 403. Counted as a card attempt (429 CARD_ATTEMPTS_LIMITED).",
            body: squareCreatePaymentBody,
            response: {
              200: squareCreatePaymentResponse,
              400: errorEnvelope,
              402: errorEnvelope,
              403: errorEnvelope,
              404: errorEnvelope,
              409: errorEnvelope,
            },
          },
        },
        async (request, reply) => {
          const attempts = core.cardAttempts(request);
          // Before the order is touched or anything reaches Square.
          await attempts.admit(reply);
          return {
            success: true as const,
            data: await createSquarePayment(deps(request.log, attempts), app.squareGateway, signedInUser(request)._id, request.body),
          };
        },
      );

      signedIn.get(
        '/v1/payment/square/cards',
        {
          schema: {
            tags: ['payments'],
            description: "The shopper's saved Square cards (cards on file of their Square customer), newest first.",
            response: { 200: squareCardsResponse, 400: errorEnvelope },
          },
        },
        async (request) => ({
          success: true as const,
          data: { paymentMethods: await listSquareCards(deps(request.log), app.squareGateway, signedInUser(request)._id) },
        }),
      );

      signedIn.post(
        '/v1/payment/square/cards',
        {
          schema: {
            tags: ['payments'],
            description: "Saves a card at Square without paying (a card form's token). Declines answer 402. Counted as a card attempt.",
            body: squareSaveCardBody,
            response: { 200: squareSaveCardResponse, 400: errorEnvelope, 402: errorEnvelope, 403: errorEnvelope },
          },
        },
        async (request, reply) => {
          const attempts = core.cardAttempts(request);
          await attempts.admit(reply);
          const { sourceId, verificationToken, billingZip } = request.body;
          const card = await saveSquareCard(
            deps(request.log, attempts),
            app.squareGateway,
            signedInUser(request)._id,
            sourceId,
            verificationToken,
            billingZip,
          );
          return { success: true as const, data: { card } };
        },
      );

      signedIn.delete(
        '/v1/payment/square/cards/:id',
        {
          schema: {
            tags: ['payments'],
            description: "Deletes (disables at Square) a saved Square card; 404 when it is not the caller's.",
            params: cardIdParam,
            response: { 200: squareDeleteCardResponse, 404: errorEnvelope },
          },
        },
        async (request) => {
          await deleteSquareCard(deps(request.log), app.squareGateway, signedInUser(request)._id, request.params.id);
          return { success: true as const };
        },
      );
    };
    await app.register(shopperRoutes);

    // Square's webhook: no session; Square's signature is the authentication. Square signs the raw bytes,
    // so this route alone reads its JSON body as text.
    const webhookRoute: FastifyPluginAsyncZod = async (hook) => {
      readJsonAsText(hook);
      hook.route({
        method: 'POST',
        url: '/v1/payment/square/webhook',
        // Square decides the event's fields; it sends from a few addresses, so its per-address limit is its own.
        config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
        schema: {
          tags: ['payments'],
          description:
            "Square's webhook events (payment.updated, refund.updated ...), authenticated by Square's signature (x-square-hmacsha256-signature). Forged 401, stale 400; a replay is acknowledged and changes nothing.",
        },
        handler: async (request) => {
          const { provider } = squareOf(app.squareGateway);
          const event = await provider.parseWebhook({
            rawBody: typeof request.body === 'string' ? request.body : '',
            headers: request.headers,
          });
          await core.takeWebhookEvent(deps(request.log), provider, event, SQUARE_WEBHOOK_POLICY);
          return { success: true as const };
        },
      });
    };
    await app.register(webhookRoute);
  };

export default squareRoutes;
