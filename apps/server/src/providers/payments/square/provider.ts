// Square as a payment provider (ADR 013): every call through the official `square` SDK's SquareClient,
// pointed at Square (sandbox or production) with real credentials, or at the built-in Square-compatible
// sandbox (sandbox/server.ts) without; the same code path either way.
//   start    CreatePayment with the token (or a saved card's id), idempotency_key and reference_id = our
//            payment id, the shopper's Square customer, autocomplete: COMPLETED → approved, FAILED →
//            declined, APPROVED / PENDING → pending (a notification or a lookup decides)
//   confirm  GetPayment again (Square needs no step after the payment; the browser did verifyBuyer)
//   lookup   GetPayment by id; with only our placeholder, the location's payments around the attempt's
//            start matched by reference_id
//   refund   RefundPayment (idempotency_key derived from our payment id)
//   verifyNotification  Square's signature on payment.* events
//   parseWebhook  the same, checked with Square's SDK, the event's age, and its event_id
// Saved cards are Square's cards on file of the shopper's Square customer (one per shopper). How Square's
// answers read as outcomes, declines and saved cards is in outcomes.ts.
import { createHash, randomUUID } from 'node:crypto';
import { SquareClient, SquareError, WebhooksHelper, type Square } from 'square';
import type { Db } from '../../../db/client.ts';
import { findOrCreateProviderCustomer, findProviderCustomer } from '../customers.ts';
import { AppError } from '../../../lib/errors.ts';
import type {
  Declined,
  DeclineCode,
  PaymentProvider,
  PaymentRequest,
  PaymentSource,
  RefundOutcome,
  VerifiedWebhookEvent,
  WebhookInput,
} from '@store/server-kit';
import { SQUARE_CURRENCY, SQUARE_METHODS, SQUARE_SIGNATURE_HEADER, SQUARE_WEBHOOK } from './names.ts';
import { declineOf, isNotFound, lookupOf, outcomeOf, toSquareCard, type SquareCard } from './outcomes.ts';
import { notificationOf, parseSquareEvent, squareSignatureMatches } from './webhook.ts';

export { toSquareCard, type SquareCard } from './outcomes.ts';

/** Saving a card without paying was refused by Square (a decline of the card, or a token it cannot use). */
export type CardRefused = {
  status: 'declined';
  code: DeclineCode;
  /** Square's error code. */
  reason: string;
  /** Square's reason as the shopper reads it, with its code. */
  explanation: string;
};

/**
 * Square retries an event it could not deliver for up to 72 hours, always with its first created_at;
 * an older one is refused as stale. Every event taken stays recorded by its event_id, so a replay
 * within that time changes nothing either.
 */
export const SQUARE_EVENT_MAX_AGE_MS = 73 * 3_600_000;
/** Clocks differ: an event may seem this far in the future. */
const SQUARE_EVENT_MAX_SKEW_MS = 5 * 60_000;

export interface SquareProvider extends PaymentProvider {
  /**
   * A webhook delivery read into its verified event (event_id, type, the notification about a payment of
   * ours or null). Refused, before anything is claimed: a forged or unsigned one 401 BAD_SIGNATURE, one
   * that is not Square's JSON 400 BAD_NOTIFICATION (body), a stale one 400 STALE_NOTIFICATION (created_at).
   */
  parseWebhook(input: WebhookInput): Promise<VerifiedWebhookEvent>;
  /** The shopper's saved Square cards, newest first. */
  listCards(userId: string): Promise<SquareCard[]>;
  /** The shopper's own enabled card; null for another shopper's, a disabled or an unknown one. */
  findCard(userId: string, cardId: string): Promise<SquareCard | null>;
  /** Saves a card from a one-time token (and its verification token) without paying. */
  saveCard(userId: string, sourceId: string, verificationToken?: string, billingZip?: string): Promise<SquareCard | CardRefused>;
  /** Saves the card an approved payment was made with (Square's CreateCard from the payment id). */
  saveCardFromPayment(userId: string, squarePaymentId: string): Promise<SquareCard>;
  /** Disables the shopper's card at Square; false when it is not theirs (or gone already). */
  disableCard(userId: string, cardId: string): Promise<boolean>;
}

export interface SquareProviderOptions {
  name: 'square' | 'square-sandbox';
  /** The SquareClient: Square's environment, or the built-in sandbox's URL. */
  client: SquareClient;
  locationId: string;
  db: Db;
  /** What Square signs its webhooks with, and the URL it signs them for. */
  signatureKey: string;
  notificationUrl: string;
}

/** How far around an attempt's start its payment is searched for when only our placeholder is recorded. */
export const LOOKUP_WINDOW_MS = 30 * 60_000;
/** Pages of 100 payments looked through at most (3,000 payments in an hour) before the lookup gives up. */
const LOOKUP_MAX_PAGES = 30;

/** Square's idempotency keys of CreateCard are at most 45 characters: a digest of what makes the call one. */
const cardKey = (...parts: string[]) => `card-${createHash('sha256').update(parts.join(':')).digest('base64url').slice(0, 40)}`;

function squareSourceOf(source: PaymentSource): Extract<PaymentSource, { method: 'square_card' }> {
  if (source.method === 'square_card') return source;
  throw new Error(`Square was asked to pay with '${source.method}'.`);
}

export function createSquareProvider({
  name,
  client,
  locationId,
  db,
  signatureKey,
  notificationUrl,
}: SquareProviderOptions): SquareProvider {
  function customerOf(userId: string): Promise<string | null> {
    return findProviderCustomer(db, SQUARE_WEBHOOK, userId);
  }

  /**
   * The shopper's Square customer, created on first use. The idempotency key is the user's, so two
   * first payments at once get the same customer from Square, and provider_customers keeps one row.
   */
  function ensureCustomer(userId: string): Promise<string> {
    return findOrCreateProviderCustomer(db, SQUARE_WEBHOOK, userId, async () => {
      const { customer } = await client.customers.create({ idempotencyKey: `customer-${userId}`, referenceId: userId });
      if (!customer?.id) throw new Error('Square created no customer.');
      return customer.id;
    });
  }

  async function findCard(userId: string, cardId: string): Promise<SquareCard | null> {
    const customerId = await customerOf(userId);
    if (!customerId) return null;
    try {
      const { card } = await client.cards.get({ cardId });
      return card && card.customerId === customerId && card.enabled ? toSquareCard(card) : null;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** With only our placeholder: the payment whose reference_id is ours, among the location's payments of the attempt's time. */
  async function findByReference(paymentId: string, startedAt: Date | undefined): Promise<Square.Payment | null> {
    const around = startedAt?.getTime() ?? Date.now();
    const pages = await client.payments.list({
      locationId,
      beginTime: new Date(around - LOOKUP_WINDOW_MS).toISOString(),
      endTime: new Date(around + LOOKUP_WINDOW_MS).toISOString(),
      sortOrder: 'ASC',
      limit: 100,
    });
    let page = pages;
    for (let n = 0; ; n += 1) {
      const found = page.data.find((p) => p.referenceId === paymentId);
      if (found) return found;
      if (!page.hasNextPage()) return null;
      // Not seen through: 'none' could fail a payment that took money, so the lookup fails instead.
      if (n + 1 >= LOOKUP_MAX_PAGES) throw new Error('Square lookup: too many payments around the attempt to look through.');
      page = await page.getNextPage();
    }
  }

  return {
    name,
    methods: SQUARE_METHODS,
    webhook: SQUARE_WEBHOOK,

    async start(req: PaymentRequest) {
      const source = squareSourceOf(req.source);
      const customerId = await ensureCustomer(req.userId);
      try {
        const { payment } = await client.payments.create({
          // A retry after a lost answer (the SDK's, or ours) is the same payment at Square.
          idempotencyKey: req.paymentId,
          sourceId: source.sourceId,
          amountMoney: { amount: BigInt(req.amountCents), currency: SQUARE_CURRENCY },
          autocomplete: true,
          locationId,
          customerId,
          referenceId: req.paymentId,
          note: `Order ${req.orderId}`.slice(0, 500),
          ...(source.verificationToken ? { verificationToken: source.verificationToken } : {}),
          // Square checks the postcode with the issuer (card_details.avs_status).
          ...(source.billingZip ? { billingAddress: { postalCode: source.billingZip } } : {}),
        });
        if (!payment) throw new Error('Square answered CreatePayment without a payment.');
        return outcomeOf(payment);
      } catch (err) {
        const decline = declineOf(err);
        if (!decline) throw err;
        return { status: 'declined', transactionId: decline.paymentId, code: decline.code, reason: decline.reason } satisfies Declined;
      }
    },

    async confirm(req) {
      // Square's payment is decided by CreatePayment; going on only reads where it stands.
      const { payment } = await client.payments.get({ paymentId: req.transactionId });
      if (!payment) throw new Error('Square answered GetPayment without a payment.');
      return outcomeOf(payment);
    },

    async lookup({ paymentId, transactionId, startedAt }) {
      try {
        const payment = transactionId
          ? (await client.payments.get({ paymentId: transactionId })).payment
          : await findByReference(paymentId, startedAt);
        return payment ? lookupOf(payment) : { status: 'none' };
      } catch (err) {
        if (isNotFound(err)) return { status: 'none' };
        throw err;
      }
    },

    async refund(req): Promise<RefundOutcome> {
      try {
        const { refund } = await client.refunds.refundPayment({
          idempotencyKey: `refund-${req.paymentId}`,
          paymentId: req.transactionId,
          amountMoney: { amount: BigInt(req.amountCents), currency: SQUARE_CURRENCY },
          reason: 'The order could not take this payment',
        });
        if (refund?.status === 'REJECTED' || refund?.status === 'FAILED')
          return { status: 'declined', transactionId: refund.id ?? req.transactionId, reason: `Square refund ${refund.status}` };
        // PENDING refunds complete at Square; the money is on its way back either way.
        return { status: 'refunded', transactionId: refund?.id ?? req.transactionId };
      } catch (err) {
        if (err instanceof SquareError && err.statusCode !== undefined && err.statusCode < 500)
          return { status: 'declined', transactionId: req.transactionId, reason: err.errors.map((e) => e.code).join(', ') };
        throw err;
      }
    },

    verifyNotification({ body, headers }) {
      // The raw body: Square signs the bytes it sent.
      if (typeof body !== 'string') return null;
      const raw = headers[SQUARE_SIGNATURE_HEADER];
      if (!squareSignatureMatches(signatureKey, notificationUrl, body, Array.isArray(raw) ? raw[0] : raw)) return null;
      const event = parseSquareEvent(body);
      return event ? notificationOf(event) : null;
    },

    async parseWebhook({ rawBody, headers, receivedAt = new Date() }) {
      const raw = headers[SQUARE_SIGNATURE_HEADER];
      const signature = Array.isArray(raw) ? raw[0] : raw;
      const genuine =
        signature !== undefined &&
        (await WebhooksHelper.verifySignature({ requestBody: rawBody, signatureHeader: signature, signatureKey, notificationUrl }));
      if (!genuine) throw new AppError(401, 'BAD_SIGNATURE', 'Invalid notification signature.');
      const event = parseSquareEvent(rawBody);
      if (!event) throw new AppError(400, 'BAD_NOTIFICATION', 'This is not a Square event.', 'body');
      const age = receivedAt.getTime() - new Date(event.created_at).getTime();
      if (age > SQUARE_EVENT_MAX_AGE_MS || age < -SQUARE_EVENT_MAX_SKEW_MS)
        throw new AppError(400, 'STALE_NOTIFICATION', 'This notification is too old to be taken.', 'created_at');
      return { eventId: event.event_id, type: event.type, notification: notificationOf(event) };
    },

    async listCards(userId) {
      const customerId = await customerOf(userId);
      if (!customerId) return [];
      const cards: SquareCard[] = [];
      let page = await client.cards.list({ customerId, includeDisabled: false, sortOrder: 'DESC' });
      for (;;) {
        for (const card of page.data) if (card.enabled !== false) cards.push(toSquareCard(card));
        if (!page.hasNextPage()) return cards;
        page = await page.getNextPage();
      }
    },

    findCard,

    async saveCard(userId, sourceId, verificationToken, billingZip) {
      const customerId = await ensureCustomer(userId);
      try {
        const { card } = await client.cards.create({
          // A one-time token saves once; a second try is a new call (the sandbox's vault tokens can be saved again after a delete).
          idempotencyKey: `card-${randomUUID()}`,
          sourceId,
          ...(verificationToken ? { verificationToken } : {}),
          card: { customerId, referenceId: userId, ...(billingZip ? { billingAddress: { postalCode: billingZip } } : {}) },
        });
        if (!card) throw new Error('Square answered CreateCard without a card.');
        return toSquareCard(card);
      } catch (err) {
        const decline = declineOf(err);
        if (!decline) throw err;
        return { status: 'declined', code: decline.code, reason: decline.reason, explanation: decline.explanation };
      }
    },

    // The customer capability (provider_customers, ADR 036): found, or created on first use.
    customerFor: (userId, create) => (create ? ensureCustomer(userId) : customerOf(userId)),

    async saveCardFromPayment(userId, squarePaymentId) {
      const customerId = await ensureCustomer(userId);
      const { card } = await client.cards.create({
        idempotencyKey: cardKey('from-payment', squarePaymentId),
        sourceId: squarePaymentId,
        card: { customerId, referenceId: userId },
      });
      if (!card) throw new Error('Square answered CreateCard without a card.');
      return toSquareCard(card);
    },

    async disableCard(userId, cardId) {
      if (!(await findCard(userId, cardId))) return false;
      await client.cards.disable({ cardId });
      return true;
    },
  };
}
