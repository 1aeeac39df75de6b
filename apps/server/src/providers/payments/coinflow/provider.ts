// The embedded checkout as a payment provider (ADR 020): the storefront is a merchant of the hosted
// checkout, reached through its merchant API (client.ts), whether the host runs in this process or
// elsewhere. The same code path either way.
//   start    create the host session of our payment id (reference) with the order's amount; asked again
//            for the same payment while the session is open, the host rotates its key (the old one stops
//            working): action 'embedded' with the key the page's frame opens it with
//   confirm  the session as the host has it (the shopper's step happens in the frame; nothing to send)
//   lookup   the session by reference (our payment id)
//   refund   the host's refund of the session
//   holdCardPayments  the host refuses the shopper's card payments until then (the store's card limit, ADR 031)
//   verifyNotification  the host's webhook signature (signature.ts), then the event (webhook.ts)
//   parseWebhook  the same, refusing a stale signature, with the event's id; payment.card_declined is a card
//            decline the core counts (ADR 031); payment.pending a bank debit settling, which keeps the attempt
//            (and its order) waiting
import { AppError } from '../../../lib/errors.ts';
import type {
  LookupOutcome,
  PaymentOutcome,
  PaymentRequest,
  PaymentSource,
  RefundOutcome,
  WebhookParsingProvider,
} from '@store/server-kit';
import { MerchantApiError, type MerchantAccess, type MerchantApi, type SessionView } from './client.ts';
import {
  CHECKOUT_CARD_DECLINED_EVENT,
  CHECKOUT_EVENT_ID_HEADER,
  CHECKOUT_PENDING_EVENT,
  CHECKOUT_SIGNATURE_HEADER,
  COINFLOW_METHODS,
  COINFLOW_PROVIDER,
  COINFLOW_WEBHOOK,
  EMBEDDED_PAYMENT_METHODS,
} from './names.ts';
import { checkCheckoutSignature } from './signature.ts';
import { declineCodeOf, notificationOf, parseCheckoutEvent } from './webhook.ts';

export interface CoinflowProviderOptions {
  api: MerchantApi;
  /** The merchant's access (resolved once the host is known: the in-process host's port is known only when it listens). */
  access: () => Promise<MerchantAccess>;
  /** The webhook secret once known, for the synchronous webhook check; null before. */
  knownSecret: () => string | null;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function embeddedSourceOf(source: PaymentSource): Extract<PaymentSource, { method: 'embedded_checkout' }> {
  if (source.method === 'embedded_checkout') return source;
  throw new Error(`The embedded checkout was asked to pay with '${source.method}'.`);
}

/** What the host's session says, read as a lookup. */
export function lookupOfSession(session: SessionView | null): LookupOutcome {
  if (!session) return { status: 'none' };
  switch (session.status) {
    // An authOnly session ('authorized', the store creates none) waits for the merchant's capture: no money taken yet.
    case 'open':
    case 'processing':
    case 'authorized':
      // The shopper may still pay in the frame, or a chain transfer awaits confirmation.
      return { status: 'pending', transactionId: session.sessionId };
    case 'paid':
      return {
        status: 'approved',
        transactionId: session.sessionId,
        amountCents: session.amountCents,
        currency: session.currency,
        card: null,
      };
    case 'declined':
      return {
        status: 'declined',
        transactionId: session.sessionId,
        code: declineCodeOf(session.code),
        reason: session.reason || 'declined at the checkout',
      };
    case 'refunded':
      return { status: 'refunded', transactionId: session.sessionId };
    // 'voided': an authOnly session's authorisation released by its merchant, nothing taken (the store asks for no authOnly).
    case 'expired':
    case 'voided':
      return { status: 'none' };
  }
}

export function createCoinflowProvider({ api, access, knownSecret }: CoinflowProviderOptions): WebhookParsingProvider {
  async function sessionOutcome(paymentId: string, amountCents: number): Promise<PaymentOutcome> {
    const found = lookupOfSession(await api.sessionByReference(paymentId));
    if (found.status === 'approved') {
      if (found.amountCents !== amountCents || found.currency !== 'USD')
        throw new Error('The checkout host reports a payment of another amount for this reference.');
      return { status: 'approved', transactionId: found.transactionId, card: null };
    }
    if (found.status === 'declined') return found;
    if (found.status === 'pending') return { status: 'pending', transactionId: found.transactionId };
    throw new Error(`The checkout host refused the session and reports it ${found.status}.`);
  }

  return {
    name: COINFLOW_PROVIDER,
    methods: COINFLOW_METHODS,
    webhook: COINFLOW_WEBHOOK,

    async start(req: PaymentRequest): Promise<PaymentOutcome> {
      const source = embeddedSourceOf(req.source);
      const merchant = await access();
      try {
        const session = await api.createSession({
          reference: req.paymentId,
          amountCents: req.amountCents,
          currency: req.currency,
          customer: { id: req.userId, email: source.email },
          allowedPaymentMethods: [...EMBEDDED_PAYMENT_METHODS],
          metadata: { orderId: req.orderId, gameProvider: source.gameProvider },
        });
        return {
          status: 'action',
          transactionId: session.sessionId,
          action: {
            kind: 'embedded',
            sessionKey: session.sessionKey,
            sessionId: session.sessionId,
            checkoutBase: new URL(merchant.apiUrl).origin,
            merchantId: merchant.merchantId,
          },
        };
      } catch (err) {
        // The reference's session is no longer open (paid meanwhile, or being paid): what it came to.
        if (err instanceof MerchantApiError && err.status === 409) return sessionOutcome(req.paymentId, req.amountCents);
        throw err;
      }
    },

    confirm: (req) => sessionOutcome(req.paymentId, req.amountCents),

    lookup: async ({ paymentId }) => lookupOfSession(await api.sessionByReference(paymentId)),

    async refund(req): Promise<RefundOutcome> {
      const answer = await api.refund(req.transactionId);
      return answer.status === 'refunded'
        ? { status: 'refunded', transactionId: req.transactionId }
        : { status: 'declined', transactionId: req.transactionId, reason: answer.reason ?? 'refused by the checkout host' };
    },

    // The store's customer at the host is its shopper (customer.id of every session it creates).
    holdCardPayments: (userId, until) => api.holdCardPayments(userId, until),

    // Refused: a forged, tampered or unsigned delivery 401 BAD_SIGNATURE; one signed more than five minutes
    // away from now 400 STALE_NOTIFICATION (x-checkout-signature); one that is not the host's JSON, or whose
    // event id header is not the event's, 400 BAD_NOTIFICATION naming the field. Throws (not an AppError)
    // when the merchant's secret cannot be had (the host not reachable).
    async parseWebhook({ rawBody, headers, receivedAt = new Date() }) {
      const { webhookSecret } = await access();
      const check = checkCheckoutSignature(webhookSecret, rawBody, first(headers[CHECKOUT_SIGNATURE_HEADER]), receivedAt);
      if (check === 'invalid') throw new AppError(401, 'BAD_SIGNATURE', 'Invalid notification signature.');
      if (check === 'stale')
        throw new AppError(400, 'STALE_NOTIFICATION', 'This notification is too old to be taken.', CHECKOUT_SIGNATURE_HEADER);
      const event = parseCheckoutEvent(rawBody);
      if (!event) throw new AppError(400, 'BAD_NOTIFICATION', 'This is not a checkout event.', 'body');
      const eventId = first(headers[CHECKOUT_EVENT_ID_HEADER]);
      if (eventId !== undefined && eventId !== event.id)
        throw new AppError(400, 'BAD_NOTIFICATION', 'The event id header does not match the event.', CHECKOUT_EVENT_ID_HEADER);
      if (event.type === CHECKOUT_CARD_DECLINED_EVENT)
        return {
          eventId: event.id,
          type: event.type,
          notification: null,
          cardDeclined: { paymentId: event.data.reference, transactionId: event.data.sessionId },
        };
      // A bank debit started in the frame: the attempt waits for its settlement (payment.approved or .declined follow).
      if (event.type === CHECKOUT_PENDING_EVENT)
        return {
          eventId: event.id,
          type: event.type,
          notification: null,
          settling: { paymentId: event.data.reference, transactionId: event.data.sessionId },
        };
      return { eventId: event.id, type: event.type, notification: notificationOf(event) };
    },

    verifyNotification({ body, headers }) {
      // The raw body: the host signs the bytes it sent.
      const secret = knownSecret();
      if (typeof body !== 'string' || !secret) return null;
      if (checkCheckoutSignature(secret, body, first(headers[CHECKOUT_SIGNATURE_HEADER])) !== 'valid') return null;
      const event = parseCheckoutEvent(body);
      return event ? notificationOf(event) : null;
    },
  };
}
