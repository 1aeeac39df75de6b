// The built-in Stripe sandbox (ADR 012): the subset of Stripe's REST API the store uses, with Stripe's
// object shapes, error shapes and test-card behaviour, so the official `stripe` package runs the same
// code path against it as against Stripe. Its state is in our database (book.ts). Cards come from our
// card vault: a vault token given as `card[token]` is read in-process, as the Nuvei sandbox does (ADR
// 010). Its 3-D Secure page and Cash App authorisation page (pages.ts) decide a waiting intent; every
// change Stripe would announce becomes an event, signed and sent to our webhook by `deliver`.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Vault } from '../../../vault/vault.ts';
import { cardBehaviour, STRIPE_BRANDS } from '../test-cards.ts';
import { createBook, newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import type { FormObject, FormValue } from './form.ts';
import type { Db } from '../../../../db/client.ts';

export const SANDBOX_API_VERSION = 'sandbox';

/** An answer in Stripe's error shape. */
export class StripeSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown> & { type: string; message: string },
  ) {
    super(error.message);
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeSandboxError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
const missing = (id: string, param = 'id') =>
  new StripeSandboxError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'`, param });

const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const obj = (value: FormValue | undefined): FormObject => (value && typeof value === 'object' && !Array.isArray(value) ? value : {});
const list = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const flag = (value: FormValue | undefined) => value === 'true';

function metadataOf(value: FormValue | undefined): Record<string, string> {
  const entries = Object.entries(obj(value)).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  if (entries.length > 50) throw invalid('Metadata may have at most 50 keys.', 'metadata');
  return Object.fromEntries(entries.map(([k, v]) => [k.slice(0, 40), v.slice(0, 500)]));
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
function secretMatches(hash: unknown, secret: string): boolean {
  if (typeof hash !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return false;
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(hashSecret(secret), 'hex'));
}

/** A waiting intent's page, as the page shows it. */
export interface SandboxAction {
  kind: '3ds' | 'cashapp';
  intent: 'payment_intent' | 'setup_intent';
  amount: number | null;
  currency: string | null;
}

export interface StripeSandboxOptions {
  db: Db;
  vault: Vault;
  /** Where the sandbox's pages are (config BROWSER_BASE: PUBLIC_URL, or '' for a path on the shopper's origin). */
  browserBase: string;
  /** Sends an event to our webhook, signed as Stripe signs; resolves once it was answered (or gave up). */
  deliver(event: StripeJson): Promise<void>;
}

export type StripeSandbox = ReturnType<typeof createStripeSandbox>;

export function createStripeSandbox({ db, vault, browserBase, deliver }: StripeSandboxOptions) {
  const book: Book = createBook(db);

  async function emit(type: string, object: StripeJson, wait: boolean): Promise<void> {
    const event = await book.insert({
      id: newStripeId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: unixNow(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const sending = deliver(event);
    if (wait) await sending;
  }

  async function customerOrThrow(id: string | undefined, param = 'customer'): Promise<StripeJson | null> {
    if (!id) return null;
    const found = await book.get(id, 'customer');
    if (!found) throw missing(id, param);
    return found.data;
  }

  async function paymentMethod(id: string, param = 'payment_method') {
    const found = await book.get(id, 'payment_method');
    if (!found) throw missing(id, param);
    return found;
  }

  /** A card PaymentMethod from a vault token (Stripe's `card[token]`): the sandbox reads the card in-process. */
  async function createCardMethod(token: string | undefined): Promise<StripeJson> {
    if (!token) throw invalid('Provide card[token]: a token of the card vault (card_…). The sandbox takes no card numbers.', 'card');
    const card = await vault.detokenize(token);
    if (!card) throw invalid(`No such token: '${token.slice(0, 40)}'`, 'card[token]', 'resource_missing');
    return book.insert(
      {
        id: newStripeId('pm'),
        object: 'payment_method',
        type: 'card',
        created: unixNow(),
        customer: null,
        livemode: false,
        metadata: {},
        billing_details: { address: null, email: null, name: null, phone: null },
        card: {
          brand: STRIPE_BRANDS[card.brand] ?? 'unknown',
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          funding: 'credit',
          country: 'US',
          fingerprint: vault.fingerprint(card.number).slice(0, 16),
        },
      },
      { vaultToken: card.token },
    );
  }

  const createCashAppMethod = () =>
    book.insert({
      id: newStripeId('pm'),
      object: 'payment_method',
      type: 'cashapp',
      created: unixNow(),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      // Known once the shopper authorises in Cash App.
      cashapp: { buyer_id: null, cashtag: null },
    });

  /** What the card does, read from the vault behind it; a card the vault lost declines. */
  async function behaviourOf(priv: Record<string, unknown>) {
    const card = typeof priv.vaultToken === 'string' ? await vault.detokenize(priv.vaultToken) : null;
    if (!card) return { kind: 'declined' as const, declineCode: 'generic_decline' as const, message: 'Your card was declined.' };
    return cardBehaviour(card.number);
  }

  const cardError = (declineCode: string, message: string, extra: Record<string, unknown> = {}) => ({
    type: 'card_error',
    code: 'card_declined',
    decline_code: declineCode,
    message,
    ...extra,
  });

  async function attach(id: string, customerId: string | undefined): Promise<StripeJson> {
    if (!customerId) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    await customerOrThrow(customerId);
    const pm = await paymentMethod(id, 'payment_method');
    const owner = pm.data.customer as string | null;
    if (owner && owner !== customerId)
      throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    if (pm.data.type === 'card') {
      const behaviour = await behaviourOf(pm.private);
      // Stripe checks a card as it attaches it: the decline card is refused; low funds are not known yet.
      if (behaviour.kind === 'declined' && behaviour.declineCode === 'generic_decline')
        throw new StripeSandboxError(402, cardError(behaviour.declineCode, behaviour.message, { param: '' }));
    }
    const data = { ...pm.data, customer: customerId };
    await book.replace(data, pm.private, {});
    return data;
  }

  async function detach(id: string): Promise<StripeJson> {
    const pm = await paymentMethod(id, 'payment_method');
    if (!pm.data.customer) throw invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
    const data = { ...pm.data, customer: null };
    await book.replace(data, pm.private, {});
    return data;
  }

  /** A page of ours, bound to a single-use secret (only its hash is kept). */
  function actionUrl(kind: '3ds' | 'cashapp', id: string): { url: string; secretHash: string } {
    const secret = randomBytes(32).toString('base64url');
    return { url: `${browserBase}/sandbox/stripe/${kind}/${id}?secret=${secret}`, secretHash: hashSecret(secret) };
  }

  function cashAppNextAction(url: string) {
    return {
      type: 'cashapp_handle_redirect_or_display_qr_code',
      cashapp_handle_redirect_or_display_qr_code: {
        hosted_instructions_url: url,
        mobile_auth_url: url,
        qr_code: { data: url, expires_at: unixNow() + 30 * 60, image_url_png: null, image_url_svg: null },
      },
    };
  }

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

  const succeeded = async (pi: StripeJson): Promise<StripeJson> => ({
    ...pi,
    status: 'succeeded',
    amount_received: pi.amount,
    next_action: null,
    last_payment_error: null,
    latest_charge: (await charge(pi)).id,
  });
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
      const page = actionUrl('cashapp', pi.id);
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
      const page = actionUrl('3ds', pi.id);
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
      pmId = (await createCashAppMethod()).id;
    } else if (str(pmData.type) === 'card') {
      pmId = (await createCardMethod(str(obj(pmData.card).token))).id;
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

  async function createRefund(body: FormObject): Promise<StripeJson> {
    const piId = str(body.payment_intent);
    if (!piId) throw invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const pi = await book.get(piId, 'payment_intent');
    if (!pi) throw missing(piId, 'payment_intent');
    const chargeId = pi.data.latest_charge as string | null;
    const ch = chargeId ? await book.get(chargeId, 'charge') : null;
    if (pi.data.status !== 'succeeded' || !ch)
      throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    const refundable = (ch.data.amount as number) - (ch.data.amount_refunded as number);
    const amount = body.amount === undefined ? refundable : Number(str(body.amount));
    if (!Number.isInteger(amount) || amount <= 0 || amount > refundable)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
        'amount',
        'amount_too_large',
      );
    const refundedTotal = (ch.data.amount_refunded as number) + amount;
    const updated = { ...ch.data, amount_refunded: refundedTotal, refunded: refundedTotal === ch.data.amount };
    // Two refunds racing: the second sees the amount refunded change and is refused.
    if (!(await book.replace(updated, ch.private, { amount_refunded: String(ch.data.amount_refunded) })))
      throw new StripeSandboxError(409, {
        type: 'invalid_request_error',
        code: 'lock_timeout',
        message: 'The charge was changed by another request.',
      });
    const refund = await book.insert({
      id: newStripeId('re'),
      object: 'refund',
      amount,
      charge: ch.data.id,
      currency: ch.data.currency,
      payment_intent: piId,
      status: 'succeeded',
      metadata: metadataOf(body.metadata),
      created: unixNow(),
    });
    await emit('charge.refunded', updated, false);
    return refund;
  }

  async function createSetupIntent(body: FormObject): Promise<StripeJson> {
    const customer = str(body.customer);
    if (!customer) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    await customerOrThrow(customer);
    const types = list(body.allowed_payment_method_types ?? body.payment_method_types);
    if (types.length !== 1 || types[0] !== 'cashapp') throw invalid('The sandbox sets up cashapp only.', 'allowed_payment_method_types');
    if (str(obj(body.payment_method_data).type) !== 'cashapp')
      throw invalid('Provide payment_method_data[type]=cashapp.', 'payment_method_data');
    const returnUrl = str(body.return_url);
    if (flag(body.confirm) && !returnUrl) throw invalid('A return_url is required to confirm a Cash App Pay setup.', 'return_url');
    const pm = await createCashAppMethod();
    const id = newStripeId('seti');
    const base = {
      id,
      object: 'setup_intent',
      customer,
      payment_method: pm.id,
      allowed_payment_method_types: types,
      payment_method_types: types,
      usage: str(body.usage) ?? 'off_session',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata: metadataOf(body.metadata),
      last_setup_error: null,
      return_url: returnUrl ?? null,
      created: unixNow(),
      livemode: false,
    };
    if (!flag(body.confirm)) return book.insert({ ...base, status: 'requires_confirmation', next_action: null });
    const page = actionUrl('cashapp', id);
    return book.insert(
      { ...base, status: 'requires_action', next_action: cashAppNextAction(page.url) },
      { actionSecretHash: page.secretHash, kind: 'cashapp' },
    );
  }

  async function waitingIntent(id: string) {
    const object = id.startsWith('seti_') ? 'setup_intent' : id.startsWith('pi_') ? 'payment_intent' : null;
    if (!object) return null;
    const found = await book.get(id, object);
    return found ? { object: object as SandboxAction['intent'], ...found } : null;
  }

  /** Where the shopper's browser goes back to, with Stripe's query parameters. */
  function returnTo(intent: StripeJson, object: SandboxAction['intent'], status: 'succeeded' | 'failed'): string {
    const url = (intent.return_url as string | null) ?? '/';
    const params = new URLSearchParams({
      [object]: intent.id,
      [`${object}_client_secret`]: intent.client_secret as string,
      redirect_status: status,
    });
    return `${url}${url.includes('?') ? '&' : '?'}${params}`;
  }

  return {
    book,

    // --- the API ---
    async createCustomer(body: FormObject) {
      return book.insert({
        id: newStripeId('cus'),
        object: 'customer',
        email: str(body.email) ?? null,
        name: str(body.name) ?? null,
        description: str(body.description) ?? null,
        metadata: metadataOf(body.metadata),
        created: unixNow(),
        livemode: false,
      });
    },
    retrieveCustomer: async (id: string) => (await customerOrThrow(id, 'id'))!,
    async createPaymentMethod(body: FormObject) {
      const type = str(body.type);
      if (type === 'card') return createCardMethod(str(obj(body.card).token));
      if (type === 'cashapp') return createCashAppMethod();
      throw invalid('The sandbox creates PaymentMethods of type card and cashapp.', 'type');
    },
    retrievePaymentMethod: async (id: string) => (await paymentMethod(id, 'id')).data,
    attach: (id: string, body: FormObject) => attach(id, str(body.customer)),
    detach,
    async listPaymentMethods(customer: string, query: FormObject) {
      await customerOrThrow(customer, 'customer');
      const type = str(query.type);
      if (type && type !== 'card' && type !== 'cashapp') throw invalid('type must be card or cashapp.', 'type');
      const data = await book.listForCustomer(customer, 'payment_method', type);
      return { object: 'list', data, has_more: false, url: `/v1/customers/${customer}/payment_methods` };
    },
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
    createRefund,
    createSetupIntent,
    async retrieveSetupIntent(id: string) {
      const found = await book.get(id, 'setup_intent');
      if (!found) throw missing(id, 'intent');
      return found.data;
    },
    async retrieveEvent(id: string) {
      const found = await book.get(id, 'event');
      if (!found) throw missing(id);
      return found.data;
    },

    // --- the pages (pages.ts) ---
    /** The page of a waiting intent, only with its secret and while it waits. */
    async findAction(id: string, secret: string): Promise<SandboxAction | null> {
      const found = await waitingIntent(id);
      if (!found || found.data.status !== 'requires_action' || !secretMatches(found.private.actionSecretHash, secret)) return null;
      return {
        kind: found.private.kind === '3ds' ? '3ds' : 'cashapp',
        intent: found.object,
        amount: found.object === 'payment_intent' ? (found.data.amount as number) : null,
        currency: found.object === 'payment_intent' ? (found.data.currency as string) : null,
      };
    },

    /**
     * The shopper's answer on a page, taken once (the secret is used up). The event is delivered before
     * this returns, so the store knows before the browser is back. Returns where the browser goes; null
     * for a wrong or used secret.
     */
    async decideAction(id: string, secret: string, approve: boolean): Promise<string | null> {
      const found = await waitingIntent(id);
      if (!found || found.data.status !== 'requires_action' || !secretMatches(found.private.actionSecretHash, secret)) return null;
      const priv = { ...found.private, actionSecretHash: null };
      if (found.object === 'setup_intent') {
        const seti = found.data;
        const decided: StripeJson = approve
          ? { ...seti, status: 'succeeded', next_action: null }
          : {
              ...seti,
              status: 'requires_payment_method',
              next_action: null,
              last_setup_error: {
                type: 'invalid_request_error',
                code: 'payment_method_provider_decline',
                message: 'The Cash App Pay setup was declined.',
              },
            };
        if (!(await book.replace(decided, priv, { status: 'requires_action' }))) return null;
        if (approve) {
          // Authorised: the Cash App account is the customer's from now on, for later payments.
          const pm = await paymentMethod(seti.payment_method as string);
          const tag = randomBytes(2).toString('hex');
          const authorised = { ...pm.data, customer: seti.customer, cashapp: { buyer_id: `2023${tag}`, cashtag: `$sandbox${tag}` } };
          await book.replace(authorised, { ...pm.private, authorized: true }, {});
        }
        await emit(approve ? 'setup_intent.succeeded' : 'setup_intent.setup_failed', decided, true);
        return returnTo(decided, 'setup_intent', approve ? 'succeeded' : 'failed');
      }
      const pi = found.data;
      const decided = approve
        ? await succeeded(pi)
        : failed(
            pi,
            found.private.kind === '3ds'
              ? {
                  type: 'invalid_request_error',
                  code: 'payment_intent_authentication_failure',
                  message: 'The provided PaymentMethod has failed authentication.',
                }
              : { type: 'card_error', code: 'payment_method_provider_decline', message: 'The Cash App Pay payment was declined.' },
          );
      if (!(await book.replace(decided, priv, { status: 'requires_action' }))) return null;
      await emit(approve ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', decided, true);
      return returnTo(decided, 'payment_intent', approve ? 'succeeded' : 'failed');
    },
  };
}
