// Square in the registry of payment providers (ADR 013): with SQUARE_ACCESS_TOKEN the `square` SDK's
// SquareClient talks to Square (SQUARE_ENVIRONMENT); without it the same client talks to the built-in
// Square-compatible sandbox on its own loopback port (SQUARE_SANDBOX_PORT, random by default), whose
// events are signed as Square signs them and delivered to our webhook in-process. In production the
// sandbox serves only when PAYMENTS_PROVIDER=sandbox says test payments are wanted; otherwise Square is
// simply not offered.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SquareClient, SquareEnvironment } from 'square';
import { sandboxesServe } from '../../../config-rules.ts';
import type { SquareConfigData } from '@store/shared';
import { SQUARE_SDK_URLS, SQUARE_SIGNATURE_HEADER, SQUARE_WEBHOOK_PATH } from './names.ts';
import { createSquareProvider, type SquareProvider } from './provider.ts';
import { createSquareSandbox, type SquareSandbox } from './sandbox/server.ts';

/** Every Square call gives up after this long (the core then looks the payment up). */
export const SQUARE_TIMEOUT_S = 30;

export interface SquareGateway {
  provider: SquareProvider;
  /** What GET v1/payment/square/config answers: how the web shows the card form. */
  webConfig(): SquareConfigData;
  /** The URL Square signs its webhooks for, and the key it signs them with. */
  notificationUrl: string;
  signatureKey: string;
  /** The built-in sandbox, when it serves (tests send it events). */
  sandbox: SquareSandbox | null;
}

const SANDBOX_LOCATION_ID = 'SANDBOX_LOCATION';
/** The sandbox completes a payment it held PENDING (its pending test card) after this long. */
const SANDBOX_SETTLE_MS = 2_000;

export async function registerSquare(app: FastifyInstance): Promise<SquareGateway | null> {
  const { config } = app;
  const notificationUrl = config.SQUARE_WEBHOOK_URL ?? `${config.PUBLIC_URL.replace(/\/+$/, '')}${SQUARE_WEBHOOK_PATH}`;

  if (config.SQUARE_ACCESS_TOKEN) {
    const missing = (['SQUARE_APPLICATION_ID', 'SQUARE_LOCATION_ID', 'SQUARE_WEBHOOK_SIGNATURE_KEY'] as const).filter(
      (name) => !config[name],
    );
    if (missing.length) throw new Error(`SQUARE_ACCESS_TOKEN needs ${missing.join(', ')}.`);
    const environment = config.SQUARE_ENVIRONMENT;
    const client = new SquareClient({
      token: config.SQUARE_ACCESS_TOKEN,
      environment: environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox,
      timeoutInSeconds: SQUARE_TIMEOUT_S,
      maxRetries: 1,
    });
    const signatureKey = config.SQUARE_WEBHOOK_SIGNATURE_KEY!;
    const provider = createSquareProvider({
      name: 'square',
      client,
      locationId: config.SQUARE_LOCATION_ID!,
      db: app.db,
      signatureKey,
      notificationUrl,
    });
    app.paymentProviders.register(provider);
    const web: SquareConfigData = {
      kind: 'web-payments-sdk',
      environment,
      applicationId: config.SQUARE_APPLICATION_ID!,
      locationId: config.SQUARE_LOCATION_ID!,
      sdkUrl: SQUARE_SDK_URLS[environment],
    };
    return { provider, webConfig: () => web, notificationUrl, signatureKey, sandbox: null };
  }

  if (!sandboxesServe(config)) return null;

  // Per process: the sandbox only ever talks to this store.
  const accessToken = `EAAAsandbox${randomBytes(24).toString('base64url')}`;
  const signatureKey = config.SQUARE_WEBHOOK_SIGNATURE_KEY ?? randomBytes(24).toString('base64url');
  const sandbox = createSquareSandbox({
    db: app.db,
    vault: app.vault,
    locationId: SANDBOX_LOCATION_ID,
    accessToken,
    signatureKey,
    notificationUrl,
    port: config.SQUARE_SANDBOX_PORT,
    autoSettleMs: SANDBOX_SETTLE_MS,
    // Square's delivery: to our webhook route, in-process, as the other sandboxes deliver theirs.
    deliver: async (rawBody, signature) => {
      const res = await app.inject({
        method: 'POST',
        url: SQUARE_WEBHOOK_PATH,
        headers: { [SQUARE_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
        payload: rawBody,
      });
      if (res.statusCode >= 300 && res.statusCode !== 404)
        app.log.warn({ status: res.statusCode }, 'square sandbox event was not accepted');
      return res.statusCode;
    },
  });
  await sandbox.start();
  app.addHook('onClose', () => sandbox.close());
  const client = new SquareClient({ token: accessToken, environment: sandbox.url(), timeoutInSeconds: SQUARE_TIMEOUT_S, maxRetries: 1 });
  const provider = createSquareProvider({
    name: 'square-sandbox',
    client,
    locationId: SANDBOX_LOCATION_ID,
    db: app.db,
    signatureKey,
    notificationUrl,
  });
  app.paymentProviders.register(provider);
  return {
    provider,
    // The card form is our vault's hosted fields: the sandbox has no Web Payments SDK (it works offline).
    webConfig: () => ({ kind: 'vault-fields', environment: 'sandbox', vaultOrigin: app.vault.origin() }),
    notificationUrl,
    signatureKey,
    sandbox,
  };
}
