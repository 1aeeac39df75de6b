// An admin's wallet adjustment (ADR 004: a call beyond SPEC §7). The shopper's wallet history, which names
// orders, is served by the purchases module (issue 25).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelope,
  IDEMPOTENCY_KEY_HEADER,
  walletAdjustmentBody,
  walletAdjustmentHeaders,
  walletAdjustmentResponse,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { adjustWallet } from './adjustments.ts';

const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.post(
    '/v1/admin/wallet/adjustments',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        tags: ['wallet', 'admin'],
        summary: "An admin adds coins to or takes them from one of a shopper's wallets",
        description:
          'Role ADMIN. { userId, wallet, amount (non-zero integer coins: positive adds, negative takes), reason }, and an Idempotency-Key header (8 to 128 visible ASCII characters, one per adjustment meant): the same key with the same body answers the first adjustment again and moves nothing; with another body it is a 422 (code IDEMPOTENCY_KEY_REUSED). At most WALLET_ADJUSTMENT_MAX_COINS coins either way (default 1,000,000; 422, field amount). An admin cannot adjust their own wallets (403, field userId). Recorded with the admin and the time; the coins move as a ledger entry of kind adjustment. A wallet never goes below zero (422, field amount).',
        headers: walletAdjustmentHeaders,
        body: walletAdjustmentBody,
        response: {
          200: walletAdjustmentResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (request) => {
      const adminId = signedInUser(request)._id;
      const adjustment = await adjustWallet(app.db, request.body, {
        adminId,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        maxCoins: app.config.WALLET_ADJUSTMENT_MAX_COINS,
      });
      app.outbox.kick();
      request.log.info(
        { adjustmentId: adjustment.id, adminId, userId: adjustment.userId, wallet: adjustment.wallet, amount: adjustment.amount },
        'wallet adjusted by an admin',
      );
      return { success: true as const, data: adjustment };
    },
  );
};

export default walletRoutes;
