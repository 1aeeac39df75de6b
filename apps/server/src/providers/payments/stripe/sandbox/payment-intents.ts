// The Stripe sandbox's PaymentIntents: created (and confirmed at once with `confirm`), confirmed,
// retrieved and searched by metadata. Confirming decides by the payment method: a card succeeds, waits
// for 3-D Secure on our page, or declines (a 402 card error, as Stripe answers); a new Cash App account
// waits for the shopper's authorisation, a saved one pays at once. A success makes its charge (which a
// refund later reads); a success or a decline is announced as Stripe announces it.
import { randomBytes } from 'node:crypto';
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import type { Customers } from './customers.ts';
import { cardError, invalid, missing, StripeSandboxError } from './errors.ts';
import type { Emit } from './events.ts';
import type { FormObject } from './form.ts';
import { actionUrl, cashAppNextAction } from './next-actions.ts';
import { flag, list, metadataOf, obj, str } from './params.ts';
import type { PaymentMethods } from './payment-methods.ts';

export interface PaymentIntentDeps {
  book: Book;
  browserBase: string;
  emit: Emit;
  customers: Customers;
  methods: PaymentMethods;
}

export type PaymentIntents = ReturnType<typeof createPaymentIntents>;

export function createPaymentIntents({ book, browserBase, emit, customers, methods }: PaymentIntentDeps) {
  const { customerOrThrow } = customers;
  const { paymentMethod, behaviourOf } = methods;

  async function charge(pi: StripeJson): Promise<StripeJson> {
    return book.insert({
      id: newStripeId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: pi.amount,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      captured: true,
      status: 'succeeded',
      currency: pi.currency,
      customer: pi.customer ?? null,
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      metadata: pi.metadata,
      created: unixNow(),
      livemode: false,
    });
  }

  /** The intent paid in full, with its charge made. */
  const succeeded = async (pi: StripeJson): Promise<StripeJson> => ({
    ...pi,
    status: 'succeeded',
    amount_received: pi.amount,
    next_action: null,
    last_payment_error: null,
    latest_charge: (await charge(pi)).id,
  });
  /** The intent back to waiting for a payment method, with why it failed. */
  const failed = (pi: StripeJson, error: Record<string, unknown>): StripeJson => ({
    ...pi,
    status: 'requires_payment_method',
    next_action: null,
    last_payment_error: error,
  });

  /** Confirms a PaymentIntent (new or waiting for confirmation) with its payment method. */
  async function confirmIntent(pi: StripeJson, priv: Record<string, unknown>): Promise<StripeJson> {
    const pmId = pi.payment_method as string | null;
    if (!pmId) throw invalid('You cannot confirm this PaymentIntent because it has no payment method.', 'payment_method');
    const pm = await paymentMethod(pmId);
    const returnUrl = (pi.return_url as string | null) ?? null;
    if (pm.data.type === 'cashapp') {
      // A Cash App account the shopper authorised before (a saved method) pays at once; a new one
      // waits for the shopper to authorise in Cash App (our page, or its QR code).
      if (pm.data.customer && pm.private.authorized) {
        const done = await succeeded(pi);
        await book.replace(done, priv, { status: pi.status as string });
        await emit('payment_intent.succeeded', done, false);
        return done;
      }
      if (!returnUrl) throw invalid('A return_url is required to confirm a Cash App Pay payment.', 'return_url');
      const page = actionUrl(browserBase, 'cashapp', pi.id);
      const waiting = { ...pi, status: 'requires_action', next_action: cashAppNextAction(page.url) };
      await book.replace(waiting, { ...priv, actionSecretHash: page.secretHash, kind: 'cashapp' }, { status: pi.status as string });
      return waiting;
    }
    const behaviour = await behaviourOf(pm.private);
    if (behaviour.kind === 'succeeds') {
      const done = await succeeded(pi);
      await book.replace(done, priv, { status: pi.status as string });
      await emit('payment_intent.succeeded', done, false);
      return done;
    }
    if (behaviour.kind === 'three_d_secure') {
      const page = actionUrl(browserBase, '3ds', pi.id);
      // With a return_url Stripe redirects the shopper to the issuer; without one Stripe.js runs it (use_stripe_sdk).
      const nextAction = returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: page.url, return_url: returnUrl } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: page.url } };
      const waiting = { ...pi, status: 'requires_action', next_action: nextAction };
      await book.replace(waiting, { ...priv, actionSecretHash: page.secretHash, kind: '3ds' }, { status: pi.status as string });
      return waiting;
    }
    const error = cardError(behaviour.declineCode, behaviour.message, { payment_method: pm.data });
    const declined = failed(pi, error);
    await book.replace(declined, priv, { status: pi.status as string });
    await emit('payment_intent.payment_failed', declined, false);
    throw new StripeSandboxError(402, { ...error, payment_intent: declined });
  }

  async function createPaymentIntent(body: FormObject): Promise<StripeJson> {
    const amount = Number(str(body.amount));
    if (!Number.isInteger(amount) || amount < 50 || amount > 99_999_999)
      throw invalid('Amount must be an integer of at least 50 cents.', 'amount');
    const currency = str(body.currency)?.toLowerCase();
    if (currency !== 'usd') throw invalid('The sandbox takes usd only.', 'currency');
    const customer = str(body.customer);
    await customerOrThrow(customer);
    // Stripe's API names the list allowed_payment_method_types (payment_method_types before 2026).
    const types = list(body.allowed_payment_method_types ?? body.payment_method_types);
    const methodTypes = types.length ? types : ['card'];
    if (methodTypes.some((type) => type !== 'card' && type !== 'cashapp'))
      throw invalid('The sandbox takes the payment method types card and cashapp.', 'allowed_payment_method_types');
    let pmId = str(body.payment_method) ?? null;
    const pmData = obj(body.payment_method_data);
    if (pmId) {
      const pm = await paymentMethod(pmId);
      if (pm.data.customer && pm.data.customer !== customer)
        throw invalid('The provided PaymentMethod belongs to another customer.', 'payment_method');
      if (!methodTypes.includes(pm.data.type as string))
        throw invalid(`The PaymentMethod's type is not an allowed payment method type.`, 'payment_method');
    } else if (str(pmData.type) === 'cashapp') {
      pmId = (await methods.createCashAppMethod()).id;
    } else if (str(pmData.type) === 'card') {
      pmId = (await methods.createCardMethod(str(obj(pmData.card).token), obj(pmData.billing_details))).id;
    }
    const id = newStripeId('pi');
    const pi = await book.insert({
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer: customer ?? null,
      payment_method: pmId,
      allowed_payment_method_types: methodTypes,
      payment_method_types: methodTypes,
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: metadataOf(body.metadata),
      description: str(body.description) ?? null,
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      return_url: str(body.return_url) ?? null,
      created: unixNow(),
      livemode: false,
    });
    return flag(body.confirm) ? confirmIntent(pi, {}) : pi;
  }

  async function retrievePaymentIntent(id: string, expand: string[]): Promise<StripeJson> {
    const found = await book.get(id, 'payment_intent');
    if (!found) throw missing(id, 'intent');
    const pi = found.data;
    if (expand.includes('latest_charge') && typeof pi.latest_charge === 'string')
      return { ...pi, latest_charge: (await book.get(pi.latest_charge, 'charge'))?.data ?? pi.latest_charge };
    return pi;
  }

  /** Stripe's search grammar, the one clause the store uses: metadata['key']:'value'. */
  async function searchPaymentIntents(query: string | undefined): Promise<StripeJson> {
    const match = /^metadata\['([A-Za-z0-9_]{1,40})'\]:'([^'\\]{1,200})'$/.exec(query ?? '');
    if (!match) throw invalid(`The sandbox's search takes one clause: metadata['key']:'value'.`, 'query');
    const data = await book.paymentIntentsByMetadata(match[1]!, match[2]!);
    return { id: 'search', object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' };
  }

  return {
    succeeded,
    failed,
    createPaymentIntent,
    retrievePaymentIntent,
    searchPaymentIntents,
    async confirmPaymentIntent(id: string) {
      const found = await book.get(id, 'payment_intent');
      if (!found) throw missing(id, 'intent');
      if (found.data.status !== 'requires_confirmation')
        throw invalid(
          `This PaymentIntent's status is ${String(found.data.status)}; it cannot be confirmed.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      return confirmIntent(found.data, found.private);
    },
  };
}
