// Where the cashier (Nuvei's Payment Page, ADR 014) sends the shopper's browser when the page is done: its
// success_url, error_url and back_url (client.ts cashierReturnUrls). The page runs in a frame over the pay page
// (issue 24; Nuvei's Payment Page may be loaded "via an IFrame or a full page redirect"), so a return opened in
// that frame answers the page that tells the pay page where to go on, instead of opening the store in the
// frame; opened at the top (an old link, a browser without the dialog), it redirects there. It decides
// nothing: the payment's result is the provider's notification's (DMN), and the store page asks for it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentSuccessPath } from '@store/shared';
import { openedInFrame, sendFramedReturn } from '../../../../lib/framed-return.ts';

export const CASHIER_RETURN_PATH = '/api/v1/nuvei/cashier/return';
const OUTCOMES = ['success', 'failed', 'back'] as const;
const returnParams = z.strictObject({ outcome: z.enum(OUTCOMES), orderId: z.string().min(1).max(64) });

/** The store path each end of the page leads to. */
export function cashierReturnPath(outcome: (typeof OUTCOMES)[number], orderId: string): string {
  const order = encodeURIComponent(orderId);
  if (outcome === 'success') return paymentSuccessPath(orderId);
  // A decline fails the order (as a card's does); the cart says so, as after a failed 3-D Secure check.
  if (outcome === 'failed') return `/cart?payment=failed&orderId=${order}`;
  return `/add-card/${order}?cashier=canceled`;
}

const cashierReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/nuvei/cashier/return/:outcome/:orderId',
    {
      // Nuvei appends its output parameters (ppp_status, PPP_TransactionID, …) to the URL: not refused, not read.
      config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
      schema: {
        tags: ['payments'],
        description:
          "The cashier page's success_url, error_url and back_url (outcome success, failed or back): redirects (303) to /payment-success?orderId=, /cart?payment=failed&orderId= or /add-card/{orderId}?cashier=canceled; opened in a frame (Sec-Fetch-Dest: iframe, the pay page's dialog) it answers a page that tells the pay page that address instead. Decides nothing: the result is the provider's notification's.",
        params: returnParams,
      },
    },
    async (request, reply) => {
      const base = app.config.BROWSER_BASE;
      const path = cashierReturnPath(request.params.outcome, request.params.orderId);
      if (openedInFrame(request.headers)) return sendFramedReturn(reply, base, path, app.config.STORE_ORIGINS, 'Secure checkout');
      return reply.redirect(`${base}${path}`, 303);
    },
  );
};

export default cashierReturnRoutes;
