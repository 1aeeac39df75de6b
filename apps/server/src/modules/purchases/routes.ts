// The shopper's purchase history (ADR 004: a call beyond SPEC §7, under the checkout path the web app uses).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, purchasesResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { listPurchases } from './service.ts';

const purchasesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.get(
    '/v1/checkout/my-purchases',
    {
      schema: {
        tags: ['checkout'],
        summary: "The signed-in shopper's purchases, newest first (gift-card codes once fulfilled)",
        response: { 200: purchasesResponse, 401: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await listPurchases(app.db, signedInUser(request)._id) }),
  );
};

export default purchasesRoutes;
