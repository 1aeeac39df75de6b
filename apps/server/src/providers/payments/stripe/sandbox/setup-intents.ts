// The Stripe sandbox's SetupIntents: the store sets up only Cash App Pay this way (a card is saved by
// attaching its PaymentMethod). Confirmed at once, a setup waits on our Cash App page for the shopper's
// authorisation (actions.ts decides it); the new Cash App account becomes the customer's only then.
import { randomBytes } from 'node:crypto';
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import type { Customers } from './customers.ts';
import { invalid, missing } from './errors.ts';
import type { FormObject } from './form.ts';
import { actionUrl, cashAppNextAction } from './next-actions.ts';
import { flag, list, metadataOf, obj, str } from './params.ts';
import type { PaymentMethods } from './payment-methods.ts';

export interface SetupIntentDeps {
  book: Book;
  browserBase: string;
  customers: Customers;
  methods: PaymentMethods;
}

export function createSetupIntents({ book, browserBase, customers, methods }: SetupIntentDeps) {
  async function createSetupIntent(body: FormObject): Promise<StripeJson> {
    const customer = str(body.customer);
    if (!customer) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing');
    await customers.customerOrThrow(customer);
    const types = list(body.allowed_payment_method_types ?? body.payment_method_types);
    if (types.length !== 1 || types[0] !== 'cashapp') throw invalid('The sandbox sets up cashapp only.', 'allowed_payment_method_types');
    if (str(obj(body.payment_method_data).type) !== 'cashapp')
      throw invalid('Provide payment_method_data[type]=cashapp.', 'payment_method_data');
    const returnUrl = str(body.return_url);
    if (flag(body.confirm) && !returnUrl) throw invalid('A return_url is required to confirm a Cash App Pay setup.', 'return_url');
    const pm = await methods.createCashAppMethod();
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
    const page = actionUrl(browserBase, 'cashapp', id);
    return book.insert(
      { ...base, status: 'requires_action', next_action: cashAppNextAction(page.url) },
      { actionSecretHash: page.secretHash, kind: 'cashapp' },
    );
  }

  async function retrieveSetupIntent(id: string) {
    const found = await book.get(id, 'setup_intent');
    if (!found) throw missing(id, 'intent');
    return found.data;
  }

  return { createSetupIntent, retrieveSetupIntent };
}
