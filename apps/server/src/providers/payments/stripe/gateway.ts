// Stripe as a payment provider (ADR 009, 012): every call goes through the official `stripe` package,
// pointed at Stripe with real keys or at the built-in sandbox without them, so the same code runs in
// tests. Cards and Cash App accounts are PaymentMethods of the shopper's Stripe customer (one per
// shopper, its id kept in stripe_customers). A payment is a PaymentIntent created and confirmed at
// once, keyed by our payment id (idempotency key and metadata.paymentId) so it can be found again.
// This file makes the calls; what Stripe's answers mean to the core is read in outcomes.ts, and a
// saved method as the shopper sees it in saved-methods.ts.
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { findOrCreateProviderCustomer, findProviderCustomer } from '../customers.ts';
import { AppError } from '../../../lib/errors.ts';
import type {
  LookupOutcome,
  PaymentMethodKind,
  PaymentProvider,
  PaymentRequest,
  RefundOutcome,
  VerifiedWebhookEvent,
  WebhookInput,
} from '@store/server-kit';
import { notificationOf, STRIPE_WEBHOOK } from './events.ts';
import { declinedBy, isStripeError, lookupOutcomeOf, outcomeOf } from './outcomes.ts';
import { savedMethodOf, type StripeSavedMethod } from './saved-methods.ts';

export { savedMethodOf, type StripeSavedMethod } from './saved-methods.ts';

export interface StripeGateway extends PaymentProvider {
  readonly mode: 'live' | 'sandbox';
  /** pk_… with real keys; null with the sandbox. */
  readonly publishableKey: string | null;
  /** Where its client sends Stripe's calls: https://api.stripe.com, or the sandbox's loopback address. */
  apiBase(): string;
  /** The shopper's Stripe customer; created (once, whatever the races) when `create`. */
  customerFor(userId: string, create: boolean): Promise<string | null>;
  /** The customer's PaymentMethod of that id, or null (unknown, another customer's, not card or cashapp). */
  findMethod(customerId: string, id: string): Promise<StripeSavedMethod | null>;
  listMethods(customerId: string): Promise<{ card: StripeSavedMethod[]; cashapp: StripeSavedMethod[] }>;
  /** Creates a card PaymentMethod (from a vault token: the sandbox only) or takes one of Stripe.js's, and attaches it. */
  /** billingZip: the card's billing postcode with a vault token (Stripe's card element asks its own). */
  saveCard(
    customerId: string,
    input: { vaultToken: string; billingZip?: string } | { paymentMethodId: string },
  ): Promise<StripeSavedMethod>;
  detach(id: string): Promise<void>;
  /** Starts a Cash App Pay setup: the URL of Cash App's authorisation page. */
  startCashAppSetup(customerId: string, mandate: { ipAddress: string; userAgent: string }): Promise<{ setupIntentId: string; url: string }>;
  /** Verifies a webhook's signature (HMAC-SHA256 over "t.body", timestamp within the tolerance); throws when it is not Stripe's. */
  constructEvent(rawBody: string, signature: string | undefined): Stripe.Event;
  /**
   * The webhook's event, verified by constructEvent, with the notification it carries (null for an event
   * that decides no payment). Refused: 401 BAD_SIGNATURE, a stale one (timestamp outside the tolerance)
   * saying so.
   */
  parseWebhook(input: WebhookInput): VerifiedWebhookEvent;
}

export interface StripeGatewayOptions {
  name: string;
  mode: 'live' | 'sandbox';
  /** The client; a function, since the sandbox's port is known only once it listens. */
  client(): Stripe;
  db: Db;
  publishableKey: string | null;
  webhookSecret: string;
  /** Seconds a webhook's timestamp may be off (Stripe's default 300). */
  toleranceSeconds: number;
  /** Where the shopper comes back to after Stripe's page: our return route, absolute with real keys. */
  returnUrl(query: Record<string, string>): string;
}

export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  const { db } = options;
  const api = () => options.client();

  const methodKindOf = (req: PaymentRequest): Extract<PaymentMethodKind, 'stripe_card' | 'cash_app'> => {
    if (req.source.method !== 'stripe_card' && req.source.method !== 'cash_app')
      throw new Error(`Stripe was asked to pay with '${req.source.method}'.`);
    return req.source.method;
  };

  async function customerFor(userId: string, create: boolean): Promise<string | null> {
    if (!create) return findProviderCustomer(db, STRIPE_WEBHOOK, userId);
    // The idempotency key makes two racing creations one customer at Stripe; the first row kept is the one.
    return findOrCreateProviderCustomer(db, STRIPE_WEBHOOK, userId, async () => {
      const customer = await api().customers.create({ metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return customer.id;
    });
  }

  async function retrieveMethod(id: string): Promise<Stripe.PaymentMethod | null> {
    try {
      return await api().paymentMethods.retrieve(id);
    } catch (err) {
      if (isStripeError(err) && (err.statusCode === 404 || err.code === 'resource_missing')) return null;
      throw err;
    }
  }

  const constructEvent = (rawBody: string, signature: string | undefined): Stripe.Event =>
    api().webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret, options.toleranceSeconds);

  async function lookup(paymentId: string, transactionId: string | null): Promise<LookupOutcome> {
    let pi: Stripe.PaymentIntent | undefined;
    if (transactionId) pi = await api().paymentIntents.retrieve(transactionId, { expand: ['latest_charge'] });
    else {
      const found = await api().paymentIntents.search({ query: `metadata['paymentId']:'${paymentId}'` });
      const first = found.data[0];
      if (first) pi = await api().paymentIntents.retrieve(first.id, { expand: ['latest_charge'] });
    }
    return lookupOutcomeOf(pi, paymentId);
  }

  return {
    name: options.name,
    methods: ['stripe_card', 'cash_app'],
    webhook: STRIPE_WEBHOOK,
    mode: options.mode,
    publishableKey: options.publishableKey,
    apiBase() {
      const client = api();
      return `${client.getApiField('protocol')}://${client.getApiField('host')}:${client.getApiField('port')}`;
    },

    async start(req) {
      const kind = methodKindOf(req);
      const customer = await customerFor(req.userId, true);
      const saved = req.source.method === 'stripe_card' || req.source.method === 'cash_app' ? req.source.userPaymentOptionId : undefined;
      try {
        const pi = await api().paymentIntents.create(
          {
            amount: req.amountCents,
            currency: 'usd',
            customer: customer!,
            allowed_payment_method_types: [kind === 'stripe_card' ? 'card' : 'cashapp'],
            ...(saved ? { payment_method: saved } : { payment_method_data: { type: 'cashapp' } }),
            confirm: true,
            return_url: options.returnUrl({ orderId: req.orderId }),
            metadata: { paymentId: req.paymentId, orderId: req.orderId },
            description: `Order ${req.orderId}`,
          },
          // A retry of this attempt's call (the network, the client's own retries) is the same PaymentIntent.
          { idempotencyKey: `payment-${req.paymentId}` },
        );
        return outcomeOf(pi);
      } catch (err) {
        const declined = declinedBy(err);
        if (declined) return declined;
        throw err;
      }
    },

    async confirm(req) {
      // After the shopper's page: the PaymentIntent says how it ended.
      return outcomeOf(await api().paymentIntents.retrieve(req.transactionId));
    },

    lookup: (req) => lookup(req.paymentId, req.transactionId),

    async refund(req): Promise<RefundOutcome> {
      try {
        const refund = await api().refunds.create(
          { payment_intent: req.transactionId, amount: req.amountCents, metadata: { paymentId: req.paymentId } },
          { idempotencyKey: `refund-${req.paymentId}` },
        );
        return refund.status === 'failed' || refund.status === 'canceled'
          ? { status: 'declined', transactionId: refund.id, reason: refund.failure_reason ?? refund.status }
          : { status: 'refunded', transactionId: refund.id };
      } catch (err) {
        if (isStripeError(err) && err.type === 'StripeInvalidRequestError')
          return { status: 'declined', transactionId: req.transactionId, reason: err.message };
        throw err;
      }
    },

    verifyNotification({ body, headers }) {
      if (typeof body !== 'string') return null;
      const header = headers['stripe-signature'];
      try {
        return notificationOf(constructEvent(body, Array.isArray(header) ? header[0] : header));
      } catch {
        return null;
      }
    },

    parseWebhook({ rawBody, headers }) {
      const header = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = constructEvent(rawBody, Array.isArray(header) ? header[0] : header);
      } catch (err) {
        const stale = err instanceof Error && /tolerance/i.test(err.message);
        throw new AppError(
          401,
          'BAD_SIGNATURE',
          stale ? 'Stale event: its timestamp is outside the tolerance.' : 'Invalid Stripe signature.',
        );
      }
      return { eventId: event.id, type: event.type, notification: notificationOf(event) };
    },

    constructEvent,

    customerFor,

    async findMethod(customerId, id) {
      const pm = await retrieveMethod(id);
      if (!pm || pm.customer !== customerId) return null;
      return savedMethodOf(pm);
    },

    async listMethods(customerId) {
      const [cards, cashApps] = await Promise.all([
        api().customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        api().customers.listPaymentMethods(customerId, { type: 'cashapp', limit: 100 }),
      ]);
      const read = (list: Stripe.PaymentMethod[]) => list.map(savedMethodOf).filter((m): m is StripeSavedMethod => m !== null);
      return { card: read(cards.data), cashapp: read(cashApps.data) };
    },

    async saveCard(customerId, input) {
      const pmId =
        'paymentMethodId' in input
          ? input.paymentMethodId
          : // Our vault token as the card: only the sandbox reads it (with real keys Stripe.js makes the PaymentMethod).
            (
              await api().paymentMethods.create({
                type: 'card',
                card: { token: input.vaultToken },
                // Stripe checks the postcode with the issuer (card.checks.address_postal_code_check).
                ...(input.billingZip ? { billing_details: { address: { postal_code: input.billingZip } } } : {}),
              })
            ).id;
      const pm = await api().paymentMethods.attach(pmId, { customer: customerId });
      const saved = savedMethodOf(pm);
      if (!saved || saved.kind !== 'card') throw new Error('Stripe answered a payment method that is not a card.');
      return saved;
    },

    async detach(id) {
      await api().paymentMethods.detach(id);
    },

    async startCashAppSetup(customerId, mandate) {
      const setup = await api().setupIntents.create({
        customer: customerId,
        allowed_payment_method_types: ['cashapp'],
        payment_method_data: { type: 'cashapp' },
        usage: 'off_session',
        confirm: true,
        mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: mandate.ipAddress, user_agent: mandate.userAgent } } },
        return_url: options.returnUrl({ setup: 'cashapp' }),
      });
      const url =
        setup.next_action?.cashapp_handle_redirect_or_display_qr_code?.hosted_instructions_url ?? setup.next_action?.redirect_to_url?.url;
      if (!url) throw new Error(`Stripe answered a Cash App setup in status ${setup.status} with no page to go to.`);
      return { setupIntentId: setup.id, url };
    },
  };
}
