// An admin's refund of an order (issue 12, ADR 026). Role ADMIN, checked when the request arrives (before
// its body is read): a guest gets 401, a shopper 403, whatever they send.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRefundBody, adminRefundResponse, errorEnvelope, idParam } from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../../plugins/auth.ts';
import { refundOrder } from './service.ts';

const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.post(
    '/v1/admin/orders/:id/refund',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary: "Refund a paid order through its payment's provider, taking its coins back through the ledger",
        description:
          "Role ADMIN. { reason } (1 to 500 characters, kept in the audit log). The whole payment goes back to the payer through the provider that took it; on success the order is refunded, the coins its fulfilment credited leave the shopper's purchasedWallet (it may go below zero) and the shopper's balance updates live. 404 unknown order; 409 ORDER_STATE (not paid or fulfilled), ALREADY_REFUNDED, REFUND_IN_PROGRESS (another admin's refund of it is running); 422 REFUND_DECLINED (the provider's reason; nothing changed) or REFUND_UNAVAILABLE; 502 PROVIDER_UNAVAILABLE (no answer: the refund stays in progress, retry after a minute; never made twice).",
        params: idParam,
        body: adminRefundBody,
        response: {
          200: adminRefundResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
          502: errorEnvelope,
        },
      },
    },
    async (request) => {
      const deps = { db: app.db, providers: app.paymentProviders, log: request.log, wake: app.outbox, payOrder: app.payOrder };
      const data = await refundOrder(deps, signedInUser(request)._id, request.params.id, request.body.reason);
      return { success: true as const, data };
    },
  );
};

export default adminRefundRoutes;
