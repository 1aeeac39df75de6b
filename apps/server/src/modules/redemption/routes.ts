// Gift-card codes redeemed in the store (issue 24): check what a code gives, then redeem it into the wallet.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GIFT_CARD_CODE_ATTEMPTS_PER_HOUR, errorEnvelope, giftCardCodeBody, redeemableCodeResponse } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import type { FastifyRequest } from 'fastify';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { checkCode, redeemCode } from './service.ts';

const TOO_MANY_MESSAGE = `You have tried ${GIFT_CARD_CODE_ATTEMPTS_PER_HOUR} codes this hour. Please try again later.`;

/** Per shopper, counted after the session check: a guesser learns at most this many codes an hour. */
const attemptLimit = (route: string) => ({
  rateLimit: {
    max: GIFT_CARD_CODE_ATTEMPTS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request: FastifyRequest) => `gift-card-${route}|${request.user?._id ?? request.ip}`,
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', TOO_MANY_MESSAGE),
  },
});

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.post(
    '/v1/gift-cards/check',
    {
      onRequest: requireRole('USER'),
      config: attemptLimit('check'),
      schema: {
        tags: ['gift-cards'],
        description: `A sold gift-card code: its gift card, the coins and bonus it gives, and when it was redeemed (null while it can be). 404 GIFT_CARD_CODE_UNKNOWN for a code nobody bought, or whose order was refunded; ${GIFT_CARD_CODE_ATTEMPTS_PER_HOUR} checks an hour per shopper (429).`,
        body: giftCardCodeBody,
        response: { 200: redeemableCodeResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await checkCode(app.db, request.body.code) }),
  );

  app.post(
    '/v1/gift-cards/redeem',
    {
      onRequest: requireRole('USER'),
      config: attemptLimit('redeem'),
      schema: {
        tags: ['gift-cards'],
        description: `Redeems a sold gift-card code: its coins and bonus go to the signed-in shopper's purchasedWallet through the ledger, once (the balance updates live). 404 GIFT_CARD_CODE_UNKNOWN; 409 GIFT_CARD_CODE_REDEEMED when it was redeemed before; ${GIFT_CARD_CODE_ATTEMPTS_PER_HOUR} attempts an hour per shopper (429). A refund of the order that sold the code takes the coins back.`,
        body: giftCardCodeBody,
        response: { 200: redeemableCodeResponse, ...refusals, 409: errorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await redeemCode({ db: app.db, wake: app.outbox }, signedInUser(request)._id, request.body.code),
    }),
  );
};

export default redemptionRoutes;
