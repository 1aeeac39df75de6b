// The Nuvei family (ADR 044): cards and saved cards, the cashier (ADR 014), bank accounts (ACH, ADR
// 011) and payouts, all through one merchant account. Its one registration: the providers (real or
// sandbox, nuvei/plugin.ts), the cashier's saved cards as its provider's saved-methods capability, its
// routes (ACH, cashier, the webhook) and the bank-linking page, and the vault's relay to Nuvei.
import type { Config } from '../../../config.ts';
import type { PaymentFamily } from '../core-port.ts';
import achLinkPage from './ach/link-page.ts';
import { CASHIER_RETURN_PATH } from './cashier/return-route.ts';
import { cashierSavedMethods } from './cashier/saved-cashier-cards.ts';
import { hasNuveiCredentials, registerNuvei } from './plugin.ts';
import nuveiRoutes from './routes.ts';

/** The real clients when PAYMENTS_PROVIDER=nuvei, or when it is unset and the NUVEI_* credentials are; else the sandboxes. */
export const nuveiKind = (config: Config): 'nuvei' | 'sandbox' =>
  config.PAYMENTS_PROVIDER ?? (hasNuveiCredentials(config) ? 'nuvei' : 'sandbox');

export const nuveiFamily: PaymentFamily = {
  name: 'nuvei',
  async register(app) {
    await registerNuvei(app, nuveiKind(app.config));
    // The cards saved on the cashier's page, kept, listed and deleted through the cashier provider.
    const cashier = app.paymentProviders.forMethod('cashier');
    if (cashier) cashier.savedMethods = cashierSavedMethods({ db: app.db, providers: app.paymentProviders, log: app.log });
  },
  routes: nuveiRoutes,
  pages: achLinkPage,
  // The pages the store frames in its dialogs (issue 24), and the store's return pages they end on: the bank's
  // 3-D Secure check, the cashier (Nuvei's Payment Page) and the bank-linking page (the store's own, both
  // kinds). With the real Nuvei, a card issuer's challenge page (each issuer's ACS has an https origin of its
  // own) and Nuvei's page: any https page; with the sandbox, the sandbox's pages and the returns only.
  pageOrigins: (config) => ({
    frame: [
      ...(nuveiKind(config) === 'nuvei'
        ? ['https:']
        : config.STORE_ORIGINS.flatMap((origin) => [
            `${origin}/sandbox/3ds/`,
            `${origin}/api/v1/nuvei/3ds/return/`,
            `${origin}/sandbox/cashier/`,
            `${origin}${CASHIER_RETURN_PATH}/`,
          ])),
      ...config.STORE_ORIGINS.map((origin) => `${origin}/bank-link/`),
    ],
  }),
  // Card calls go through the vault's relay to the real Nuvei only (ADR 010).
  vaultRelayDestinations: (config) => (nuveiKind(config) === 'nuvei' ? [config.NUVEI_BASE_URL] : []),
};
