// The Nuvei family's API routes (ADR 044), mounted under /api by the payments module with the core:
// bank accounts (ACH, ADR 011), the cashier (ADR 014) and the family's one webhook, POST v1/nuvei/notify,
// where card, cashier and ACH notifications (DMNs) all arrive. The card calls of SPEC §7
// (v1/nuvei/init, v1/nuvei/payment/first, v1/nuvei/cards) are the core's own (method kinds card and
// saved_card, whichever provider serves them).
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../lib/errors.ts';
import type { PaymentsCore } from '../core-port.ts';
import achRoutes from './ach/routes.ts';
import cashierRoutes from './cashier/routes.ts';
import cashierReturnRoutes from './cashier/return-route.ts';
import { NUVEI_WEBHOOK } from './transactions.ts';

const nuveiRoutes =
  (core: PaymentsCore): FastifyPluginAsync =>
  async (app) => {
    // Bank account payments (ACH, ADR 011).
    await app.register(achRoutes(core));
    // The card provider's hosted payment page (ADR 014).
    await app.register(cashierRoutes(core));
    // Where its page sends the browser back (no session: the page is another site's).
    await app.register(cashierReturnRoutes);

    // The provider's webhook: no session; the provider's signature or checksum is the authentication.
    // Nuvei delivers its notifications (DMN) as a form body: the payments module's routes read those.
    app.route({
      method: ['GET', 'POST'],
      url: '/v1/nuvei/notify',
      // The provider decides the notification's fields, so unknown ones are not refused; it sends every
      // notification from a few addresses, so its per-address limit is its own.
      config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
      schema: {
        tags: ['payments'],
        description: "The card provider's notification (webhook / DMN); authenticated by the provider's signature or checksum.",
      },
      handler: async (request) => {
        // Verified by the Nuvei-family provider(s) registered (the real client or its sandbox).
        const input = { body: request.body, query: request.query, headers: request.headers };
        const notification = app.paymentProviders.verifyNotification(NUVEI_WEBHOOK, input);
        if (!notification) throw new AppError(401, 'BAD_SIGNATURE', 'Invalid notification signature.');
        await core.handleNotification(core.deps(request.log), NUVEI_WEBHOOK, notification);
        return { success: true as const };
      },
    });
  };

export default nuveiRoutes;
