// Entry point of the hosted checkout started alone (`npm run start:checkout-host`, ADR 052): opens its own
// database, migrates, registers the store it serves as its merchant, listens; closes on SIGINT/SIGTERM.
// Ports: the host's page and API on CHECKOUT_PORT (default PORT+2), its API also on CHECKOUT_API_PORT when
// set, the card vault on VAULT_PORT (PORT+1), the processors' sandbox pages on PORT (default 3100 here, so
// a store on 3000 runs beside it). Its data (PGlite, the host's and the vault's keys) under DATA_DIR,
// default data/checkout-host, apart from the store's.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCheckoutHostApp } from './checkout-host-app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateAll } from './migrations.ts';
import { closeOnSignals, exitOnStartFailure, openConfiguredDatabase } from './process-lifecycle.ts';
import { COINFLOW_WEBHOOK_PATH, STOREFRONT_MERCHANT } from './providers/payments/coinflow/names.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where a store is opened by `npm start`. */
const DEFAULT_STORE_URL = 'http://localhost:3000';

let config: Config;
try {
  config = loadConfig({
    ...process.env,
    PORT: process.env.PORT ?? '3100',
    DATA_DIR: process.env.DATA_DIR ?? path.join(repoRoot, 'data', 'checkout-host'),
  });
} catch (err) {
  exitOnStartFailure(err, ConfigError);
}
if (config.CHECKOUT_PORT === 'off')
  exitOnStartFailure(new ConfigError('CHECKOUT_PORT=off: the hosted checkout has nowhere to listen.'), ConfigError);
if (config.CHECKOUT_API_URL)
  exitOnStartFailure(new ConfigError('CHECKOUT_API_URL names a host elsewhere: it is a store setting, not this host’s.'), ConfigError);

const database = await openConfiguredDatabase(config);
await migrateAll(database);
const app = await buildCheckoutHostApp({ config, database }).catch((err: unknown) => exitOnStartFailure(err, ConfigError));
await app.listen({ port: config.PORT, host: config.HOST });

// The store it serves, as its merchant: the same credentials on every start (derived from the host's secret).
const storeUrl = (config.CHECKOUT_STORE_URL ?? DEFAULT_STORE_URL).replace(/\/+$/, '');
const merchant = await app.checkoutHost.ensureMerchant({
  id: STOREFRONT_MERCHANT.id,
  name: STOREFRONT_MERCHANT.name,
  allowedOrigins: [...new Set([new URL(storeUrl).origin, ...config.CHECKOUT_EXTRA_ORIGINS])],
  webhookUrl: `${storeUrl}${COINFLOW_WEBHOOK_PATH}`,
});
const storeSettings = [
  `CHECKOUT_API_URL=${app.checkoutHost.origin()}`,
  `CHECKOUT_MERCHANT_ID=${merchant.merchantId}`,
  `CHECKOUT_MERCHANT_KEY=${merchant.apiKey}`,
  `CHECKOUT_WEBHOOK_SECRET=${merchant.webhookSecret}`,
  'CHECKOUT_PORT=off',
];
// The key and the webhook secret are secrets: written for the operator only, never to the log.
const settingsFile = path.join(config.DATA_DIR, 'store-settings.env');
fs.mkdirSync(config.DATA_DIR, { recursive: true });
fs.writeFileSync(settingsFile, `${storeSettings.join('\n')}\n`, { mode: 0o600 });
fs.chmodSync(settingsFile, 0o600);

console.log(`\nHosted checkout ready at ${app.checkoutHost.origin()}`);
if (app.checkoutHost.apiOrigin()) console.log(`Its API also at ${app.checkoutHost.apiOrigin()}`);
console.log(
  `Card vault at ${app.vault.origin()}; the payment sandboxes' pages at http://localhost:${(app.server.address() as AddressInfo).port}`,
);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`);
console.log(`Merchant ${merchant.merchantId}: the store at ${storeUrl} (its webhook ${storeUrl}${COINFLOW_WEBHOOK_PATH}).`);
console.log(`The store's settings to use this host are in ${settingsFile} (start the store with them in its environment).`);

closeOnSignals(app, database);
