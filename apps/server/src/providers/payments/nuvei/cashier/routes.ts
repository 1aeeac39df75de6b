// The cashier's route (SPEC §7 POST v1/nuvei/cashier). The cards saved on its page are listed and
// deleted with the shopper's other payment methods (GET/DELETE v1/payment/stripe/payment-methods,
// nuveiCards), through saved-cashier-cards.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, nuveiCashierBody, nuveiCashierResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../../../plugins/auth.ts';
import { startCashierPayment } from './start-cashier.ts';
import type { PaymentsCore } from '../../core-port.ts';

const cashierRoutes =
  (core: PaymentsCore): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app);
    app.post(
      '/v1/nuvei/cashier',
      {
        schema: {
          tags: ['payments'],
          description:
            "Pays an order on the card provider's hosted payment page (its cashier): answers the page's URL to send the shopper to. The page's result arrives as the provider's notification. 404 for another shopper's order, 409 when it is paid or a payment is in progress, 403 when the shopper may not pay this way. Opening the page counts as a card attempt, and a decline on it as a decline: 429 CARD_ATTEMPTS_LIMITED with Retry-After over the limit.",
          body: nuveiCashierBody,
          response: { 200: nuveiCashierResponse, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request, reply) => {
        // The shopper types the card at the provider's page, beyond our reach: opening it is the attempt we
        // count (and refuse over the limit, before the order is touched); a decline the page reports adds the rest.
        const attempts = core.cardAttempts(request);
        await attempts.admit(reply);
        const deps = core.deps(request.log, attempts);
        return { success: true as const, data: await startCashierPayment(deps, signedInUser(request)._id, request.body.orderId) };
      },
    );
  };

export default cashierRoutes;
