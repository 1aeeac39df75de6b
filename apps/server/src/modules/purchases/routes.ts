// The shopper's purchase history and wallet history (ADR 004: calls beyond SPEC §7; the purchases under the
// checkout path the web app uses).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, purchasesResponse, walletHistoryQuery, walletHistoryResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { listPurchases } from './service.ts';
import { listWalletHistory } from './wallet-history.ts';

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

  app.get(
    '/v1/wallet/history',
    {
      schema: {
        tags: ['wallet'],
        summary: "The signed-in shopper's ledger entries, newest first, paged",
        description:
          'Every coin movement of the shopper across purchasedWallet, winWallet and stackingWallet (amount in signed integer coins), with the total count. page from 1, limit 1 to 100 (default 20).',
        querystring: walletHistoryQuery,
        response: { 200: walletHistoryResponse, 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await listWalletHistory(app.db, signedInUser(request)._id, request.query) }),
  );
};

export default purchasesRoutes;
