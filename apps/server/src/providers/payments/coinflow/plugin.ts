// The embedded checkout in the registry of payment providers (ADR 020, ADR 041). COINFLOW_MODE picks whom
// the store's `coinflow` provider talks to:
//   hosted (default)  our hosted checkout's merchant API. With CHECKOUT_API_URL (and the CHECKOUT_MERCHANT_*
//                     credentials) the store is a merchant of a hosted checkout elsewhere; unset, of our
//                     in-process host (app.checkoutHost), where it registers itself as merchant lucky-dragon:
//                     the host gives the credentials (derived from its secret, so the same on every start)
//                     and its origin is the API's. Either way the same client (client.ts) talks to it.
//   coinflow          Coinflow's own merchant API (coinflow-api.ts) and purchase page, with the store's
//                     COINFLOW_* credentials; its rows are provider 'coinflow-api'.
// Both take their webhooks at POST v1/payment/coinflow/webhook; the provider's parseWebhook says whether a
// delivery is genuine and what it is about, before the event is claimed.
import type { FastifyInstance } from 'fastify';
import type { WebhookParsingProvider } from '@store/server-kit';
import { createMerchantApi, type MerchantAccess } from './client.ts';
import { createCoinflowApi } from './coinflow-api.ts';
import { createCoinflowApiProvider } from './coinflow-provider.ts';
import { COINFLOW_HOSTS, COINFLOW_WEBHOOK_PATH, STOREFRONT_MERCHANT } from './names.ts';
import { createCoinflowProvider } from './provider.ts';

/** What the in-process host offers its first merchant (C's app.checkoutHost, issue 11 contract). */
interface InProcessHost {
  origin(): string;
  ensureMerchant(spec: {
    id: string;
    name: string;
    allowedOrigins: string[];
    webhookUrl: string;
  }): Promise<{ merchantId: string; apiKey: string; webhookSecret: string }>;
}

export interface CoinflowGateway {
  /** The store's coinflow provider, whose parseWebhook reads the deliveries at the webhook. */
  provider: WebhookParsingProvider;
  mode: 'hosted' | 'coinflow';
}

/** Coinflow's own merchant API (COINFLOW_MODE=coinflow, ADR 041). */
function registerCoinflowApi(app: FastifyInstance): CoinflowGateway {
  const { config } = app;
  const merchantId = config.COINFLOW_MERCHANT_ID;
  const apiKey = config.COINFLOW_API_KEY;
  const validationKey = config.COINFLOW_WEBHOOK_VALIDATION_KEY;
  if (!merchantId || !apiKey || !validationKey)
    throw new Error('COINFLOW_MODE=coinflow needs COINFLOW_MERCHANT_ID, COINFLOW_API_KEY and COINFLOW_WEBHOOK_VALIDATION_KEY.');
  const hosts = COINFLOW_HOSTS[config.COINFLOW_ENV];
  const provider = createCoinflowApiProvider({
    api: createCoinflowApi({ apiUrl: config.COINFLOW_API_URL ?? hosts.api, apiKey }),
    merchantId,
    pageUrl: config.COINFLOW_CHECKOUT_URL ?? hosts.page,
    validationKey,
  });
  app.paymentProviders.register(provider);
  return { provider, mode: 'coinflow' };
}

type Credentials = Omit<MerchantAccess, 'apiUrl'>;

export function registerCoinflow(app: FastifyInstance): CoinflowGateway {
  const { config } = app;
  if (config.COINFLOW_MODE === 'coinflow') return registerCoinflowApi(app);
  let credentials: Credentials | null = null;
  let apiUrl: () => string;
  let loadCredentials: () => Promise<Credentials>;

  if (config.CHECKOUT_API_URL) {
    const missing = (['CHECKOUT_MERCHANT_ID', 'CHECKOUT_MERCHANT_KEY', 'CHECKOUT_WEBHOOK_SECRET'] as const).filter((name) => !config[name]);
    if (missing.length) throw new Error(`CHECKOUT_API_URL needs ${missing.join(', ')}.`);
    const url = config.CHECKOUT_API_URL;
    apiUrl = () => url;
    credentials = {
      merchantId: config.CHECKOUT_MERCHANT_ID!,
      apiKey: config.CHECKOUT_MERCHANT_KEY!,
      webhookSecret: config.CHECKOUT_WEBHOOK_SECRET!,
    };
    const known = credentials;
    loadCredentials = async () => known;
  } else {
    // Read when used: the host's plugin may be registered before or after this one.
    const host = () => {
      if (!app.hasDecorator('checkoutHost')) throw new Error('No checkout host runs in this process.');
      return app.getDecorator<InProcessHost>('checkoutHost');
    };
    apiUrl = () => host().origin();
    let pending: Promise<Credentials> | null = null;
    loadCredentials = () => {
      pending ??= Promise.resolve()
        .then(() =>
          host().ensureMerchant({
            id: STOREFRONT_MERCHANT.id,
            name: STOREFRONT_MERCHANT.name,
            // The store's own pages, and any other merchant page the operator names (a page of the published SDK).
            allowedOrigins: [...config.STORE_ORIGINS, ...config.CHECKOUT_EXTRA_ORIGINS],
            webhookUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${COINFLOW_WEBHOOK_PATH}`,
          }),
        )
        .then((merchant) => (credentials = merchant))
        .catch((err: unknown) => {
          // Asked again on the next use.
          pending = null;
          throw err;
        });
      return pending;
    };
  }

  const access = async (): Promise<MerchantAccess> => {
    const merchant = await loadCredentials();
    const url = apiUrl();
    // The in-process host's port is known once it listens.
    if (!url) throw new Error('The checkout host is not listening yet.');
    return { ...merchant, apiUrl: url };
  };
  const provider = createCoinflowProvider({
    api: createMerchantApi(access),
    access,
    knownSecret: () => credentials?.webhookSecret ?? null,
  });

  if (config.CHECKOUT_API_URL) app.paymentProviders.register(provider);
  else
    app.addHook('onReady', async () => {
      // The in-process host is off (CHECKOUT_PORT=off) or not built into this app: the method is not offered.
      if (!app.hasDecorator('checkoutHost')) {
        app.log.info('no checkout host runs in this process: the embedded checkout is not offered');
        return;
      }
      app.paymentProviders.register(provider);
      // So the webhook's synchronous check has the secret from the first delivery on.
      await loadCredentials().catch((err: unknown) =>
        app.log.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'registering the store as the checkout host merchant failed; retried on use',
        ),
      );
    });
  return { provider, mode: 'hosted' };
}
