// The Nuvei family in the registry of payment providers (ADR 009): cards and saved cards, the cashier
// (its hosted Payment Page, ADR 014) and bank accounts (ACH, ADR 011), all through the same merchant
// account and the same webhook (POST v1/nuvei/notify). The real clients when configured; else the
// sandboxes, which also serve their pages (the 3-D Secure challenge, the cashier page) and the ACH
// sandbox's controls, as demo doors.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { createNuveiClient } from './client.ts';
import { nuveiChallengeReturnUrl } from './transactions.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';
import sandboxChallengeRoutes from './sandbox/challenge-routes.ts';
import { createNuveiCashierClient } from './cashier/client.ts';
import { createCashierSandbox } from './cashier/sandbox/gateway.ts';
import cashierPageRoutes from './cashier/sandbox/page-routes.ts';
import { createNuveiAchClient } from './ach/client.ts';
import achSandboxControls from './ach/sandbox/control-routes.ts';
import { startSettlementClock } from './ach/sandbox/delivery.ts';
import { createAchSandbox } from './ach/sandbox/gateway.ts';

export const hasNuveiCredentials = (config: Pick<Config, 'NUVEI_MERCHANT_ID' | 'NUVEI_MERCHANT_SITE_ID' | 'NUVEI_SECRET_KEY'>) =>
  !!(config.NUVEI_MERCHANT_ID && config.NUVEI_MERCHANT_SITE_ID && config.NUVEI_SECRET_KEY);

/** Registers the Nuvei family: the real clients for kind 'nuvei', else the sandboxes. */
export async function registerNuvei(app: FastifyInstance, kind: 'nuvei' | 'sandbox'): Promise<void> {
  const { config } = app;
  const notificationUrl = `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/nuvei/notify`;
  if (kind === 'nuvei') {
    if (!hasNuveiCredentials(config))
      throw new Error('PAYMENTS_PROVIDER=nuvei needs NUVEI_MERCHANT_ID, NUVEI_MERCHANT_SITE_ID and NUVEI_SECRET_KEY');
    const { vault } = app;
    // One merchant account for the three; Nuvei notifies each at the same address.
    const account = {
      baseUrl: config.NUVEI_BASE_URL,
      merchantId: config.NUVEI_MERCHANT_ID!,
      merchantSiteId: config.NUVEI_MERCHANT_SITE_ID!,
      secretKey: config.NUVEI_SECRET_KEY!,
      notificationUrl,
    };
    // The issuer's challenge answer comes back to the store's own return page (ADR 037), not to the DMN address.
    const threeDs = {
      challengeReturnUrl: (paymentId: string) => nuveiChallengeReturnUrl(config.PUBLIC_URL, paymentId),
      merchantUrl: config.PUBLIC_URL,
    };
    app.paymentProviders.register(
      createNuveiClient({
        ...account,
        ...threeDs,
        relay: (request) => vault.relay(request),
      }),
    );
    // The cashier (Nuvei's hosted Payment Page, ADR 014): the same merchant account, its own provider.
    app.paymentProviders.register(
      createNuveiCashierClient({
        ...account,
        pageUrl: config.NUVEI_CASHIER_URL,
        storeUrl: config.PUBLIC_URL,
      }),
    );
    // Bank account payments (ACH) through the same merchant account, its own provider (ADR 011).
    app.paymentProviders.register(createNuveiAchClient(account));
    return;
  }
  // Without a configured secret the sandbox signs with a per-process one: it only talks to itself.
  const webhookSecret = config.PAYMENTS_WEBHOOK_SECRET ?? randomBytes(32).toString('hex');
  const gateway = createSandboxGateway({
    db: app.db,
    vault: app.vault,
    browserBase: config.BROWSER_BASE,
    webhookSecret,
    // Where the bank page posts its answer: the store's return page, on the origin the shopper is on.
    challengeReturnUrl: (paymentId) => nuveiChallengeReturnUrl(config.BROWSER_BASE, paymentId),
  });
  app.paymentProviders.register(gateway);
  await app.register(sandboxChallengeRoutes, { gateway });
  // The ACH sandbox (ADR 011): its debits settle on its clock, or at once through its controls.
  const ach = createAchSandbox({ db: app.db, webhookSecret, settleMs: config.ACH_SANDBOX_SETTLE_MS });
  app.paymentProviders.register(ach);
  await app.register(achSandboxControls, { sandbox: ach });
  startSettlementClock(app, ach, Math.min(config.ACH_SANDBOX_SETTLE_MS, 1000));
  // The cashier sandbox and its hosted page at /sandbox/cashier/:pageId (ADR 014).
  const cashier = createCashierSandbox({
    db: app.db,
    vault: app.vault,
    browserBase: config.BROWSER_BASE,
    webhookSecret,
    notifyUrl: notificationUrl,
  });
  app.paymentProviders.register(cashier);
  await app.register(cashierPageRoutes, { cashier });
}
