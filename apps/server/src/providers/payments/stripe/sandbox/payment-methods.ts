// The Stripe sandbox's PaymentMethods: cards made from our card vault's tokens (Stripe's `card[token]`;
// the sandbox reads the card in-process, as the Nuvei sandbox does, ADR 010, and takes no card
// numbers) and Cash App accounts, attached to and detached from customers. What a card does (succeeds,
// asks for 3-D Secure, declines) is read from the vault's card behind it (test-cards.ts), here and when
// a PaymentIntent is confirmed.
import type { Vault } from '../../../vault/vault.ts';
import { cardBehaviour, STRIPE_BRANDS } from '../test-cards.ts';
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import type { Customers } from './customers.ts';
import { cardError, invalid, missing, StripeSandboxError } from './errors.ts';
import type { FormObject } from './form.ts';
import { obj, str } from './params.ts';

export type PaymentMethods = ReturnType<typeof createPaymentMethods>;

export function createPaymentMethods({ book, vault, customers }: { book: Book; vault: Vault; customers: Customers }) {
  const { customerOrThrow } = customers;

  async function paymentMethod(id: string, param = 'payment_method') {
    const found = await book.get(id, 'payment_method');
    if (!found) throw missing(id, param);
    return found;
  }

  /** A card PaymentMethod from a vault token (Stripe's `card[token]`): the sandbox reads the card in-process. */
  async function createCardMethod(token: string | undefined, billing: FormObject): Promise<StripeJson> {
    if (!token) throw invalid('Provide card[token]: a token of the card vault (card_…). The sandbox takes no card numbers.', 'card');
    // The card's CVV (typed with it in the vault's frame, ADR 038) is deliberately not read: Stripe's
    // card[token] carries none (a raw card's card[cvc] would need the vault's relay), and the vault clears
    // it when the token's time is up.
    const card = await vault.detokenize(token);
    if (!card) throw invalid(`No such token: '${token.slice(0, 40)}'`, 'card[token]', 'resource_missing');
    // billing_details[address][postal_code], as Stripe takes it (at most 5000 characters, like its other strings).
    const postalCode = str(obj(billing.address).postal_code);
    if (postalCode !== undefined && (postalCode.length === 0 || postalCode.length > 5000))
      throw invalid('Invalid string: billing_details[address][postal_code]', 'billing_details[address][postal_code]');
    return book.insert(
      {
        id: newStripeId('pm'),
        object: 'payment_method',
        type: 'card',
        created: unixNow(),
        customer: null,
        livemode: false,
        metadata: {},
        billing_details: {
          address:
            postalCode === undefined ? null : { city: null, country: null, line1: null, line2: null, postal_code: postalCode, state: null },
          email: null,
          name: null,
          phone: null,
        },
        card: {
          brand: STRIPE_BRANDS[card.brand] ?? 'unknown',
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          funding: 'credit',
          country: 'US',
          fingerprint: vault.fingerprint(card.number).slice(0, 16),
          // The issuer's answer on the postcode; the sandbox's issuer knows none, so a given one passes.
          checks: { address_line1_check: null, address_postal_code_check: postalCode === undefined ? null : 'pass', cvc_check: null },
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

  return {
    paymentMethod,
    createCardMethod,
    createCashAppMethod,
    behaviourOf,

    async createPaymentMethod(body: FormObject) {
      const type = str(body.type);
      if (type === 'card') return createCardMethod(str(obj(body.card).token), obj(body.billing_details));
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
  };
}
