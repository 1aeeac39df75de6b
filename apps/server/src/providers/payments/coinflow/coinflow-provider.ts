// The embedded checkout through Coinflow's own merchant API (COINFLOW_MODE=coinflow, ADR 041): the shopper
// pays in Coinflow's purchase page, framed by the pay page, and Coinflow's webhook (or a lookup) decides.
//   start    a session key for the shopper (GET /api/auth/session-key, the shopper's id as Coinflow's user
//            id) and a checkout JWT holding the order's amount and our payment id (webhookInfo); the
//            payment is recorded under page:<payment id> until Coinflow names its payment in a webhook.
//            Asked again for the same payment: a new key and JWT.
//   confirm  nothing to send (the shopper's step is in the page): what a lookup says
//   lookup   Coinflow's payment by its id once known (GET /api/merchant/payments/{id}); before that
//            Coinflow offers no lookup by our reference, so the page is 'pending' for the session key's
//            24 hours and 'none' after (a later Settled still approves it: ADR 041)
//   refund   PUT /api/merchant/payments/{id}/refund (refundReason 'other')
//   verifyNotification  Coinflow-Signature or Authorization (coinflow-webhook.ts), then the event
//   parseWebhook  the same, with the id the event is claimed by; Card Payment Declined (and Suspected Fraud)
//            of one of our payments is a card decline the core counts (ADR 031)
import { AppError } from '../../../lib/errors.ts';
import {
  hostedPageTransactionId,
  type LookupOutcome,
  type PaymentOutcome,
  type RefundOutcome,
  type WebhookParsingProvider,
} from '@store/server-kit';
import { CoinflowApiError, type CoinflowApi, type CoinflowPayment } from './coinflow-api.ts';
import { COINFLOW_CARD_DECLINE_EVENTS, coinflowNotificationOf, isCoinflowDelivery, parseCoinflowEvent } from './coinflow-webhook.ts';
import { COINFLOW_API_PROVIDER, COINFLOW_METHODS, COINFLOW_PAYMENT_METHODS, COINFLOW_WEBHOOK } from './names.ts';

/** Coinflow's session keys are valid for 24 hours (its credit-purchase guide); a page older than that cannot be paid. */
export const COINFLOW_SESSION_LIFETIME_MS = 24 * 60 * 60_000;

export interface CoinflowProviderOptions {
  api: CoinflowApi;
  merchantId: string;
  /** The origin of Coinflow's purchase page the pay page frames. */
  pageUrl: string;
  validationKey: string;
  now?: () => Date;
}

/** Coinflow's payment read as a lookup of ours: its card (or crypto) status, and the webhook info naming our payment. */
export function lookupOfCoinflowPayment(paymentId: string, payment: CoinflowPayment): LookupOutcome {
  const info = payment.webhookInfo as { paymentId?: unknown } | undefined;
  if (info?.paymentId !== paymentId) throw new Error(`Coinflow's payment ${payment.paymentId} is not one of this payment's.`);
  const transactionId = payment.paymentId;
  const status = payment.cardInfo?.status ?? payment.cryptoInfo?.status;
  switch (status) {
    case 'SETTLED':
    case 'CHARGEBACK':
    case 'CHARGEBACK_WON':
      // Taken (a chargeback opened or won leaves it taken until it is lost).
      return {
        status: 'approved',
        transactionId,
        amountCents: payment.totals.subtotal.cents,
        currency: payment.totals.subtotal.currency ?? 'USD',
        card: null,
      };
    case 'REFUNDED':
    case 'CHARGEBACK_LOST':
      return { status: 'refunded', transactionId };
    case 'FAILED':
    case 'VOIDED':
      return { status: 'declined', transactionId, code: 'CARD_DECLINED', reason: payment.error || 'declined at Coinflow' };
    default:
      // AUTHORIZED, DEPOSITED, INITIATED, or none yet: not settled.
      return { status: 'pending', transactionId };
  }
}

export function createCoinflowApiProvider({
  api,
  merchantId,
  pageUrl,
  validationKey,
  now = () => new Date(),
}: CoinflowProviderOptions): WebhookParsingProvider {
  const checkoutBase = new URL(pageUrl).origin;

  async function lookup(paymentId: string, transactionId: string | null, startedAt?: Date): Promise<LookupOutcome> {
    if (transactionId && transactionId !== hostedPageTransactionId(paymentId)) {
      const payment = await api.payment(transactionId);
      return payment ? lookupOfCoinflowPayment(paymentId, payment) : { status: 'none' };
    }
    const open = !startedAt || now().getTime() - startedAt.getTime() < COINFLOW_SESSION_LIFETIME_MS;
    return open ? { status: 'pending', transactionId: hostedPageTransactionId(paymentId) } : { status: 'none' };
  }

  return {
    name: COINFLOW_API_PROVIDER,
    methods: COINFLOW_METHODS,
    webhook: COINFLOW_WEBHOOK,

    async start(req): Promise<PaymentOutcome> {
      if (req.source.method !== 'embedded_checkout') throw new Error(`Coinflow was asked to pay with '${req.source.method}'.`);
      const sessionKey = await api.sessionKey(req.userId);
      const jwtToken = await api.checkoutJwt({
        subtotal: { cents: req.amountCents, currency: req.currency },
        email: req.source.email,
        webhookInfo: { paymentId: req.paymentId, orderId: req.orderId, gameProvider: req.source.gameProvider },
        allowedPaymentMethods: COINFLOW_PAYMENT_METHODS,
        ...(req.threeDsChallengePreference ? { threeDsChallengePreference: req.threeDsChallengePreference } : {}),
      });
      const transactionId = hostedPageTransactionId(req.paymentId);
      return {
        status: 'action',
        transactionId,
        action: {
          kind: 'embedded',
          sessionKey,
          sessionId: transactionId,
          checkoutBase,
          merchantId,
          jwtToken,
          host: 'coinflow',
          allowedPaymentMethods: COINFLOW_PAYMENT_METHODS,
        },
      };
    },

    async confirm(req): Promise<PaymentOutcome> {
      const found = await lookup(req.paymentId, req.transactionId);
      if (found.status === 'approved') {
        if (found.amountCents !== req.amountCents || found.currency !== 'USD')
          throw new Error('Coinflow reports a payment of another amount for this payment.');
        return { status: 'approved', transactionId: found.transactionId, card: null };
      }
      if (found.status === 'declined' || found.status === 'pending') return found;
      throw new Error(`Coinflow reports this payment ${found.status}.`);
    },

    lookup: ({ paymentId, transactionId, startedAt }) => lookup(paymentId, transactionId, startedAt),

    async refund(req): Promise<RefundOutcome> {
      try {
        await api.refund(req.transactionId, 'other');
        // Coinflow starts the refund (its Refund / Refund Complete / Refund Failure webhooks follow).
        return { status: 'refunded', transactionId: req.transactionId };
      } catch (err) {
        if (err instanceof CoinflowApiError && err.status >= 400 && err.status < 500)
          return { status: 'declined', transactionId: req.transactionId, reason: `Coinflow refused the refund: ${err.message}` };
        throw err;
      }
    },

    // Refused: a delivery that is not Coinflow's (no or a wrong Coinflow-Signature, else no or a wrong
    // Authorization) 401 BAD_SIGNATURE; one that is not a webhook packet 400 BAD_NOTIFICATION (body). No
    // age limit (Coinflow documents none and retries for 36 hours): the claim stops a replay.
    parseWebhook({ rawBody, headers }) {
      if (!isCoinflowDelivery(validationKey, rawBody, headers)) throw new AppError(401, 'BAD_SIGNATURE', 'Invalid notification signature.');
      const event = parseCoinflowEvent(rawBody);
      if (!event) throw new AppError(400, 'BAD_NOTIFICATION', 'This is not a Coinflow webhook event.', 'body');
      if ((COINFLOW_CARD_DECLINE_EVENTS as readonly string[]).includes(event.eventType) && event.paymentId)
        return {
          eventId: event.claimId,
          type: event.eventType,
          notification: null,
          cardDeclined: { paymentId: event.paymentId, transactionId: null },
        };
      return { eventId: event.claimId, type: event.eventType, notification: coinflowNotificationOf(event) };
    },

    verifyNotification({ body, headers }) {
      // The raw body: Coinflow signs the bytes it sent.
      if (typeof body !== 'string' || !isCoinflowDelivery(validationKey, body, headers)) return null;
      const event = parseCoinflowEvent(body);
      return event ? coinflowNotificationOf(event) : null;
    },
  };
}
