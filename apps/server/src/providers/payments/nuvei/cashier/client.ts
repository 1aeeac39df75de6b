// The card provider's cashier through the real Nuvei (ADR 014): start builds the signed Payment Page
// URL the shopper is sent to (page-url.ts); Nuvei charges the card there and reports with its DMN,
// which names our payment id (merchant_unique_id). Lookups (getTransactionDetails by clientUniqueId),
// refunds and the DMN checksum are the card client's own calls: the same merchant account answers
// them, so they are delegated to it rather than written twice. A card the shopper deletes is forgotten
// with deleteUPO, as the ACH client forgets a bank account (../upo.ts). No card passes through here at all.
import { createNuveiClient } from '../client.ts';
import { NUVEI_WEBHOOK } from '../transactions.ts';
import { hostedPageTransactionId } from '@store/server-kit';
import { deleteUpo } from '../upo.ts';
import { cashierPageUrl } from './page-url.ts';
import type { CashierProvider } from './types.ts';
import { CASHIER_RETURN_PATH } from './return-route.ts';

export const NUVEI_CASHIER = 'nuvei-cashier';

export interface NuveiCashierOptions {
  /** Nuvei's REST API (lookups, refunds), e.g. https://ppp-test.nuvei.com/ppp/api/v1 */
  baseUrl: string;
  /** The Payment Page, e.g. https://ppp-test.safecharge.com/ppp/purchase.do */
  pageUrl: string;
  merchantId: string;
  merchantSiteId: string;
  secretKey: string;
  notificationUrl: string;
  /** Where the shopper comes back to: the store's address (PUBLIC_URL). */
  storeUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Where the Payment Page sends the shopper's browser back to: the store's return route (return-route.ts), which
 * goes on to /payment-success, /cart?payment=failed or the pay page, or tells the pay page when it ran in a frame.
 */
export const cashierReturnUrls = (storeUrl: string, orderId: string) => {
  const order = encodeURIComponent(orderId);
  const at = (outcome: string) => `${storeUrl}${CASHIER_RETURN_PATH}/${outcome}/${order}`;
  return { successUrl: at('success'), errorUrl: at('failed'), backUrl: at('back') };
};

export function createNuveiCashierClient(opts: NuveiCashierOptions): CashierProvider {
  // Only its card-free calls are used: a relay is never asked for.
  const rest = createNuveiClient({
    baseUrl: opts.baseUrl,
    merchantId: opts.merchantId,
    merchantSiteId: opts.merchantSiteId,
    secretKey: opts.secretKey,
    notificationUrl: opts.notificationUrl,
    fetch: opts.fetch,
    timeoutMs: opts.timeoutMs,
    relay: () => Promise.reject(new Error('The cashier sends no card.')),
  });
  const store = opts.storeUrl.replace(/\/+$/, '');

  return {
    name: NUVEI_CASHIER,
    methods: ['cashier'],
    webhook: NUVEI_WEBHOOK,

    async start(req) {
      if (req.source.method !== 'cashier') throw new Error(`The cashier was asked to pay with '${req.source.method}'.`);
      const url = cashierPageUrl(
        opts.pageUrl,
        {
          merchantId: opts.merchantId,
          merchantSiteId: opts.merchantSiteId,
          paymentId: req.paymentId,
          userId: req.userId,
          amountCents: req.amountCents,
          currency: req.currency,
          itemName: `Order ${req.orderId}`,
          notifyUrl: opts.notificationUrl,
          ...cashierReturnUrls(store, req.orderId),
        },
        opts.secretKey,
      );
      return { status: 'action', transactionId: hostedPageTransactionId(req.paymentId), action: { kind: 'redirect', url } };
    },

    // The page is the whole payment: there is no step after the shopper's action.
    confirm: () => Promise.reject(new Error('The cashier has no confirm step.')),
    lookup: (req) => rest.lookup(req),
    refund: (req) => rest.refund(req),
    verifyNotification: (input) => rest.verifyNotification(input),
    removeSavedCard: ({ userId, userPaymentOptionId }) => deleteUpo(opts, { userTokenId: userId, userPaymentOptionId }),
  };
}
