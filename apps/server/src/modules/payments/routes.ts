import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedProvidersResponse,
  deleteCardResponse,
  errorEnvelope,
  lastUsedCardResponse,
  nuveiInitBody,
  nuveiInitResponse,
  paymentFirstBody,
  paymentFirstResponse,
  paymentsConfigResponse,
  savedCardsResponse,
  vaultFrameSessionResponse,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { cardAttemptsFor } from './card-attempts.ts';
import { paymentsCoreOf } from './core-port.ts';
import { routeDepsOf } from './route-deps.ts';
import { openedInFrame, sendFramedReturn } from '../../lib/framed-return.ts';
import adminRefundRoutes from './refunds/routes.ts';
import { allowedPaymentsFor, finishChallenge, initCardPayment, lastUsedCardOf, listCards, payFirst, removeCard } from './service.ts';

const challengeReturnParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
/** The issuer's form post: cres (EMV 3DS), and threeDSSessionData when the ACS sends it back. */
const CRES_MAX = 64 * 1024;

const cardIdParam = z.strictObject({ id: z.string().min(1).max(64) });

/** A pay page mounts one or two card frames and renews their session every few minutes; far below this. */
export const VAULT_FRAME_SESSIONS_PER_MINUTE = 30;
export const VAULT_FRAME_SESSIONS_LIMITED_MESSAGE = 'Too many card forms opened. Please wait a minute and try again.';

/** SPEC §7 Payments (the card calls, the allowed payment methods), the vault's address, and each provider family's routes. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = routeDepsOf(app);
  // Providers deliver notifications (Nuvei's DMN) as a form body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/v1/nuvei/config',
    {
      schema: {
        tags: ['payments'],
        description: 'Public. Where the hosted card fields (the card vault) are served.',
        response: { 200: paymentsConfigResponse },
      },
    },
    async () => {
      return { success: true as const, data: { vaultOrigin: app.vault.origin() } };
    },
  );

  // The shopper's card calls need a session; config and the provider's notification do not.
  const cardRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    requireSession(signedIn);
    signedIn.post(
      '/v1/vault/frame-session',
      {
        onRequest: requireRole('USER'),
        config: {
          // Counted per shopper at onRequest, after the session check.
          rateLimit: {
            max: VAULT_FRAME_SESSIONS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `vault-frame-session|${request.user?._id ?? request.ip}`,
            errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', VAULT_FRAME_SESSIONS_LIMITED_MESSAGE),
          },
        },
        schema: {
          tags: ['payments'],
          description:
            "A frame session for the signed-in shopper (ADR 032): the nonce the card vault's frames must send with every tokenization, good for VAULT_FRAME_SESSION_MINUTES. The pay page puts it in the frame URL (?session=) and gets a new one before it runs out. Shoppers only (403 otherwise); 30 a minute (429 RATE_LIMITED).",
          response: { 200: vaultFrameSessionResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: app.vault.issueFrameSession({ kind: 'shopper', id: signedInUser(request)._id }),
      }),
    );
    signedIn.post(
      '/v1/nuvei/init',
      {
        schema: {
          tags: ['payments'],
          description:
            'Card payment step 1: pay an order with a vault card token or a saved card (with a CVV token). Approved at once (card present) or 3-D Secure needed. Without orderId a cardToken is only verified (zero amount) and saved. Declines answer 402. Card attempts are limited per shopper and per address (a decline counts more): 429 CARD_ATTEMPTS_LIMITED with Retry-After.',
          body: nuveiInitBody,
          response: { 200: nuveiInitResponse },
        },
      },
      async (request, reply) => {
        const attempts = cardAttemptsFor(app, request);
        // Before the order is touched or anything reaches the provider.
        await attempts.admit(reply);
        return {
          success: true as const,
          data: await initCardPayment(deps(request.log, attempts), signedInUser(request)._id, request.body),
        };
      },
    );

    signedIn.post(
      '/v1/nuvei/payment/first',
      {
        schema: {
          tags: ['payments'],
          description:
            'Card payment step 2: the first payment with the 3-D Secure version and the init transaction; redirect=true gives the challenge URL.',
          body: paymentFirstBody,
          response: { 200: paymentFirstResponse },
        },
      },
      // Not admitted again (it continues the attempt init counted); its decline counts.
      async (request) => ({
        success: true as const,
        data: await payFirst(deps(request.log, cardAttemptsFor(app, request)), signedInUser(request)._id, request.body, {
          ip: request.ip,
          acceptHeader: request.headers.accept ?? '*/*',
          userAgent: request.headers['user-agent'] ?? '',
        }),
      }),
    );

    signedIn.get(
      '/v1/payment/allowed-providers',
      {
        schema: {
          tags: ['payments'],
          description:
            'The payment method kinds with whether the shopper may pay with each now: a registered provider serves it, the settings enable it, and the profile state is whitelisted (all false otherwise). A payment through a kind not allowed is refused with 403. cardRoute: the kind whose form takes a new card now (the card routing setting: its primary, or its fallback while the primary is disabled or in an outage); null when neither is allowed.',
          response: { 200: allowedProvidersResponse, 401: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: { data: await allowedPaymentsFor(deps(request.log), signedInUser(request)._id) },
      }),
    );

    signedIn.get(
      '/v1/payment/last-used-card',
      {
        schema: {
          tags: ['payments'],
          description:
            "The saved card the shopper's newest card payment that went through was made with (beyond the spec, ADR 004): kind is the card form that pays with it ('card': a card saved with the card provider; 'stripe_card'; 'square_card'). null when that payment's card was not kept, or there was none. The pay page chooses it in its one list of saved cards.",
          response: { 200: lastUsedCardResponse, 401: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: { lastUsedCard: await lastUsedCardOf(app.db, signedInUser(request)._id) } }),
    );

    signedIn.get(
      '/v1/nuvei/cards',
      { schema: { tags: ['payments'], description: "The shopper's saved cards, newest first.", response: { 200: savedCardsResponse } } },
      async (request) => {
        return { success: true as const, data: { paymentMethods: await listCards(app.db, signedInUser(request)._id) } };
      },
    );

    signedIn.delete(
      '/v1/nuvei/cards/:id',
      {
        schema: {
          tags: ['payments'],
          description: "Deletes a saved card (404 when it is not the caller's).",
          params: cardIdParam,
          response: { 200: deleteCardResponse },
        },
      },
      async (request) => {
        await removeCard(app.db, signedInUser(request)._id, request.params.id);
        return { success: true as const };
      },
    );
  };
  await app.register(cardRoutes);
  // Each provider family's routes and webhook (ADR 044), handed the core.
  const core = paymentsCoreOf(app);
  for (const family of app.paymentFamilies) if (family.routes) await app.register(family.routes(core));
  // An admin's refund of an order through its provider (ADR 026).
  await app.register(adminRefundRoutes);

  // The 3-D Secure challenge-return page (ADR 037): the card issuer's ACS form-POSTs its answer (cres) here
  // from the shopper's browser (a cross-site top-level POST: no session cookie, no API headers). It
  // authenticates nothing by itself: the store then asks the provider, with the final payment of the
  // challenged transaction, and the provider decides. The browser goes on where the pay flow ends.
  app.post(
    '/v1/nuvei/3ds/return/:paymentId',
    {
      config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
      bodyLimit: CRES_MAX,
      schema: {
        tags: ['payments'],
        description:
          "The card issuer's 3-D Secure challenge answer (form field cres), posted by the shopper's browser; the payment's threeD.notificationURL. The store sends the final payment with relatedTransactionId and redirects (303) to /payment-success?orderId= (approved, or still settling) or /cart?payment=failed&orderId= (declined); posted from a frame (Sec-Fetch-Dest: iframe, the pay page's dialog) it answers a page that tells the pay page that address instead. 400 without cres.",
        params: challengeReturnParams,
      },
    },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const base = app.config.BROWSER_BASE;
      if (typeof body.cres !== 'string' || !body.cres)
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send('The bank sent no answer (cres). Go back to the store and try again.');
      const { to, orderId } = await finishChallenge(deps(request.log), request.params.paymentId);
      const order = orderId ? encodeURIComponent(orderId) : null;
      const path = !order
        ? '/my-purchases'
        : to === 'failed'
          ? `/cart?payment=failed&orderId=${order}`
          : `/payment-success?orderId=${order}`;
      // The bank's check ran in the pay page's dialog (issue 24): tell that page, rather than open the store in the frame.
      if (openedInFrame(request.headers)) return sendFramedReturn(reply, base, path, app.config.STORE_ORIGINS);
      return reply.redirect(`${base}${path}`, 303);
    },
  );
};

export default paymentRoutes;
