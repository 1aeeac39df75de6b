// The built-in Stripe sandbox (ADR 012): the subset of Stripe's REST API the store uses, with Stripe's
// object shapes, error shapes and test-card behaviour, so the official `stripe` package runs the same
// code path against it as against Stripe. Its state is in our database (book.ts). Cards come from our
// card vault: a vault token given as `card[token]` is read in-process, as the Nuvei sandbox does (ADR
// 010). Its 3-D Secure page and Cash App authorisation page (pages.ts) decide a waiting intent; every
// change Stripe would announce becomes an event, signed and sent to our webhook by `deliver`.
//
// This file only puts the parts together into the one object the API (api.ts) and the pages serve:
// customers.ts, payment-methods.ts, payment-intents.ts, setup-intents.ts, refunds.ts, events.ts, and
// actions.ts for the pages, each holding one kind of Stripe object.
import type { Db } from '../../../../db/client.ts';
import type { Vault } from '../../../vault/vault.ts';
import { createActions } from './actions.ts';
import { createBook, type Book, type StripeJson } from './book.ts';
import { createCustomers } from './customers.ts';
import { createEvents } from './events.ts';
import { createPaymentIntents } from './payment-intents.ts';
import { createPaymentMethods } from './payment-methods.ts';
import { createRefunds } from './refunds.ts';
import { createSetupIntents } from './setup-intents.ts';

export { StripeSandboxError } from './errors.ts';
export { SANDBOX_API_VERSION } from './events.ts';
export type { SandboxAction } from './actions.ts';

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
  const { emit, retrieveEvent } = createEvents(book, deliver);
  const customers = createCustomers(book);
  const methods = createPaymentMethods({ book, vault, customers });
  const intents = createPaymentIntents({ book, browserBase, emit, customers, methods });
  const setups = createSetupIntents({ book, browserBase, customers, methods });
  const { createRefund } = createRefunds({ book, emit });
  const { findAction, decideAction } = createActions({ book, emit, methods, intents });

  return {
    book,

    // --- the API ---
    createCustomer: customers.createCustomer,
    retrieveCustomer: customers.retrieveCustomer,
    createPaymentMethod: methods.createPaymentMethod,
    retrievePaymentMethod: methods.retrievePaymentMethod,
    attach: methods.attach,
    detach: methods.detach,
    listPaymentMethods: methods.listPaymentMethods,
    createPaymentIntent: intents.createPaymentIntent,
    retrievePaymentIntent: intents.retrievePaymentIntent,
    searchPaymentIntents: intents.searchPaymentIntents,
    confirmPaymentIntent: intents.confirmPaymentIntent,
    createRefund,
    createSetupIntent: setups.createSetupIntent,
    retrieveSetupIntent: setups.retrieveSetupIntent,
    retrieveEvent,

    // --- the pages (pages.ts) ---
    findAction,
    decideAction,
  };
}
