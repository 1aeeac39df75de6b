// The hosted checkout started alone (ADR 052): the host (apps/checkout-host) with only what it charges
// through, the card vault and the payment providers (each the real client when configured, else its
// sandbox, whose pages — the 3-D Secure challenge, the cashier — this app serves on PORT), and none of the
// storefront: no shoppers, no catalogue, no web app. A store elsewhere uses it as any merchant does
// (CHECKOUT_API_URL and the merchant credentials); checkout-host-server.ts registers that store.
//
// It is composed here, in the store's workspace, because the vault and the providers are the store's code
// (ADR 048 "Not yet"); the host itself still imports nothing of the store's.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import dbPlugin from './plugins/db.ts';
import attemptCountersPlugin from './plugins/attempt-counters.ts';
import backgroundPlugin from './background/plugin.ts';
import paymentsProviderPlugin from './providers/payments/plugin.ts';
import checkoutHostPlugin from './plugins/checkout-host.ts';
import { createBaseApp } from './base-app.ts';

export interface BuildCheckoutHostAppOptions {
  config: Config;
  database: Database;
  /** Pino logger options on top of ours; tests pass false. */
  logger?: boolean | object;
}

export async function buildCheckoutHostApp({ config, database, logger }: BuildCheckoutHostAppOptions): Promise<FastifyInstance> {
  const app = await createBaseApp(config, logger);
  // The processors' sandbox pages are the only pages here; they frame nothing and call only this origin.
  await app.register(securityHeadersPlugin);
  await app.register(dbPlugin, { database });
  await app.register(attemptCountersPlugin);
  await app.register(paymentsProviderPlugin);
  await app.register(backgroundPlugin);
  // Card tokens nothing used within VAULT_TOKEN_TTL_MINUTES (ADR 032), as in the store.
  app.outbox.add(app.vault.background(app.log));
  await app.register(checkoutHostPlugin, {
    cardProvider: () => app.paymentProviders.forMethod('card'),
    bankProvider: () => app.paymentProviders.forMethod('bank_account'),
  });
  app.get('/api/ping', async () => ({ success: true, data: 'pong' }));
  return app;
}
