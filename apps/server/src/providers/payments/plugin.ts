// Payment providers (ADR 009, 044): the card vault (its own port) and the registry with every provider
// family. A family is one folder under providers/payments/ with one registration (its PaymentFamily):
// adding a provider is that folder and one line in PAYMENT_FAMILIES.
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { sandboxesServe } from '../../config-rules.ts';
import vaultPlugin from '../vault/plugin.ts';
import { coinflowFamily } from './coinflow/family.ts';
import type { PageOrigins, PaymentFamily, PayOrderPort } from './core-port.ts';
import { nuveiFamily } from './nuvei/family.ts';
import { createPaymentProviders, type PaymentProviders } from './registry.ts';
import { squareFamily } from './square/family.ts';
import { stripeFamily } from './stripe/family.ts';

/** The families, in the order they register (their providers, then their routes under /api). */
export const PAYMENT_FAMILIES: readonly PaymentFamily[] = [
  // Stripe cards and Cash App Pay, Stripe's webhook and return route (ADR 012).
  stripeFamily,
  // Square cards (ADR 013).
  squareFamily,
  // Nuvei: cards, the cashier, bank accounts (ACH) and payouts; its webhook v1/nuvei/notify (ADR 009, 011, 014).
  nuveiFamily,
  // The embedded checkout (ADR 020, 041).
  coinflowFamily,
];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The registry of payment providers (ADR 009): the Nuvei family (cards, the cashier, bank accounts),
     * Stripe (cards, Cash App), Square and the embedded checkout, each the real client when configured,
     * else its built-in sandbox.
     */
    paymentProviders: PaymentProviders;
    /** The registered families: the payments module mounts their routes and pages with the core (ADR 044). */
    paymentFamilies: readonly PaymentFamily[];
    /** The pay-an-order workflow (workflows/pay-order, issue 25), decorated by app.ts; payments reaches it through its deps. */
    payOrder: PayOrderPort;
  }
}

/** What the store's pages must allow for every family's scripts, frames and calls (CSP), by configuration. */
export function paymentPageOrigins(config: Config): Required<PageOrigins> {
  const all = PAYMENT_FAMILIES.map((family) => family.pageOrigins?.(config) ?? {});
  return {
    script: all.flatMap((o) => o.script ?? []),
    frame: all.flatMap((o) => o.frame ?? []),
    connect: all.flatMap((o) => o.connect ?? []),
  };
}

export default fp(
  async (app) => {
    // A sandbox that may serve needs its tables (ADR 042): a database opened without their schema is a mistake of the caller's.
    if (sandboxesServe(app.config) && !app.database.sandboxSchema) {
      throw new Error(
        'The payment sandboxes may serve, but the database was opened without their schema (openDatabase({ sandbox: true })).',
      );
    }
    // The vault relays card data to the configured real providers only (ADR 010).
    const relayDestinations = PAYMENT_FAMILIES.flatMap((family) => family.vaultRelayDestinations?.(app.config) ?? []);
    await app.register(vaultPlugin, { relayDestinations });
    app.decorate('paymentProviders', createPaymentProviders());
    for (const family of PAYMENT_FAMILIES) await family.register(app);
    app.decorate('paymentFamilies', PAYMENT_FAMILIES);
  },
  { name: 'payments-provider', dependencies: ['db'] },
);
