import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransformWithErrorCodes } from './api/openapi-error-codes.ts';
import { createBaseApp } from './base-app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import dbPlugin from './plugins/db.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import attemptCountersPlugin from './plugins/attempt-counters.ts';
import passwordHashingPlugin from './plugins/password-hashing.ts';
import authPlugin from './plugins/auth.ts';
import livePlugin from './plugins/live.ts';
import { pruneLiveEvents } from './plugins/live-events.ts';
import backgroundPlugin from './background/plugin.ts';
import errorCodeAuditPlugin from './plugins/error-code-audit.ts';
import webAppPlugin from './plugins/web-app/index.ts';
import mailPlugin from './providers/mail/plugin.ts';
import paymentsProviderPlugin, { paymentPageOrigins } from './providers/payments/plugin.ts';
import kycProviderPlugin from './providers/kyc/jumio/plugin.ts';
import identityProvidersPlugin from './providers/identity/plugin.ts';
import checkoutHostPlugin from './plugins/checkout-host.ts';
// Modules, through their index.ts only (ADR 007).
import { adminRoutes } from './modules/admin/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { adminSessionRoutes, authBackground, authRoutes, findLiveTokenHashes, findSessionUser } from './modules/auth/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { cashoutBackground, cashoutRoutes } from './modules/cashout/index.ts';
import { adminCatalogRoutes, catalogAssets, catalogRoutes } from './modules/catalog/index.ts';
import { checkoutBackground, checkoutRoutes } from './modules/checkout/index.ts';
import { adminCouponRoutes, couponRoutes } from './modules/coupons/index.ts';
import { identityReviewRoutes, kycBackground, kycRoutes } from './modules/kyc/index.ts';
import { distributorRoutes } from './modules/distributors/index.ts';
import { fulfilmentBackground } from './modules/fulfilment/index.ts';
import { mailboxRoutes } from './modules/mailbox/index.ts';
import { cardLimitsOf, paymentPages, paymentRoutes, paymentsBackground } from './modules/payments/index.ts';
import { adminPromotionRoutes, promotionRoutes } from './modules/promotions/index.ts';
import { purchasesRoutes } from './modules/purchases/index.ts';
import { redemptionRoutes } from './modules/redemption/index.ts';
import { recordingsBackground, recordingsRoutes } from './modules/recordings/index.ts';
import { adminSettingsRoutes, getStoreSettings, settingsRoutes } from './modules/settings/index.ts';
import { userRoutes } from './modules/user/index.ts';
import { walletBackground, walletRoutes } from './modules/wallet/index.ts';
import { payOrder, payOrderBackground } from './workflows/pay-order/index.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino logger options (level, stream, ...) on top of ours; tests pass false. */
  logger?: boolean | object;
}

/**
 * The page's CSP names exact origins: frames only from the card vault (the embedded checkout's origin
 * joins it when it exists), connections only to the store itself and its own live-connection origin.
 */
function pageDirectives(app: FastifyInstance) {
  // Each origin the store may be opened at (both loopback names without PUBLIC_URL) and its WebSocket twin.
  const liveOrigins = app.config.STORE_ORIGINS.map((origin) => origin.replace(/^http/, 'ws'));
  // Each payment family's browser origins by configuration (ADR 044): Stripe.js with real Stripe keys
  // (ADR 012), Square's Web Payments SDK with a real access token (ADR 013), Coinflow's purchase page
  // (COINFLOW_MODE=coinflow, ADR 041); their sandboxes use the vault's frames.
  const families = paymentPageOrigins(app.config);
  // The identity check's page (ADR 016): Jumio's web page with real credentials, else the sandbox's pages
  // under /sandbox/kyc/ on the store's own origins (only that path: no other page of ours is framed).
  const kyc = app.config.JUMIO_API_TOKEN ? ['https://*.jumio.ai'] : app.config.STORE_ORIGINS.map((origin) => `${origin}/sandbox/kyc/`);
  // The embedded checkout's host (ADR 020): its purchase-v2 frame, and the SDK's calls and device-id script
  // there. CHECKOUT_API_URL's origin, or the in-process host's once it listens (read per response); until
  // then a value the directive holds anyway.
  const checkout = (fallback: () => string) =>
    app.config.CHECKOUT_API_URL
      ? [new URL(app.config.CHECKOUT_API_URL).origin]
      : [() => (app.hasDecorator('checkoutHost') && app.getDecorator<{ origin(): string }>('checkoutHost').origin()) || fallback()];
  const self = () => "'self'";
  return {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...families.script, ...checkout(self)],
    connectSrc: ["'self'", ...liveOrigins, ...families.connect, ...checkout(self)],
    // Read per response: with VAULT_PORT=0 the vault's port is known only once it listens.
    frameSrc: [() => app.vault.origin() || "'none'", ...kyc, ...families.frame, ...checkout(() => app.vault.origin() || "'none'")],
    upgradeInsecureRequests: null,
  };
}

/** Builds the app: external plugins, then our plugins, then routes (fastify/demo's order). */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = await createBaseApp(config, logger);
  // Under test, each failure is held to the codes its route lists (api/error-codes.ts).
  await app.register(errorCodeAuditPlugin);
  await app.register(securityHeadersPlugin, { contentSecurityPolicy: { directives: pageDirectives(app) } });
  await app.register(swagger, {
    openapi: { info: { title: 'Storefront API', version: '1.0.0' } },
    transform: jsonSchemaTransformWithErrorCodes,
  });
  // The document is always built (app.swagger()); it is served, with its page, only when API_DOCS says so.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(dbPlugin, { database });
  await app.register(rateLimitPlugin);
  await app.register(attemptCountersPlugin);
  await app.register(passwordHashingPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin, {
    findUser: (tokenHash) => findSessionUser(app.db, tokenHash),
    liveTokenHashes: (tokenHashes) => findLiveTokenHashes(app.db, tokenHashes),
    // Settings are cached for a few seconds by the settings module, so this is rarely a query.
    blockedCountries: async () => (await getStoreSettings(app.db)).blockedCountries,
  });
  await app.register(livePlugin);
  // Every session end this instance hears of (its own, another instance's, the live re-check's) reaches
  // the auth plugin's session cache at once (ADR 060).
  app.live.onSessionEnd((end) => app.forgetSession(end));
  await app.register(paymentsProviderPlugin);
  // Paying an order (issue 25): the workflow payments hands each approval to (its deps' payOrder).
  app.decorate('payOrder', payOrder);
  await app.register(kycProviderPlugin);
  // Sign in with Apple and Facebook (ADR 029): the real providers by credentials, else the sandboxes (demo mode).
  await app.register(identityProvidersPlugin);
  await app.register(backgroundPlugin);
  addBackgroundWork(app);
  // The hosted checkout (ADR 020) on its own origin: it charges cards and bank accounts (ACH) through the store's providers.
  await app.register(checkoutHostPlugin, {
    cardProvider: () => app.paymentProviders.forMethod('card'),
    bankProvider: () => app.paymentProviders.forMethod('bank_account'),
  });

  // Trivial route: the baseline the benchmarks compare against.
  app.get('/api/ping', async () => ({ success: true, data: 'pong' }));

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(catalogRoutes);
      await api.register(promotionRoutes);
      await api.register(settingsRoutes);
      await api.register(paymentRoutes);
      await api.register(checkoutRoutes);
      await api.register(purchasesRoutes);
      await api.register(redemptionRoutes);
      await api.register(cartRoutes);
      await api.register(couponRoutes);
      await api.register(walletRoutes);
      await api.register(distributorRoutes);
      await api.register(kycRoutes);
      await api.register(cashoutRoutes);
      await api.register(adminRoutes);
      await api.register(adminCatalogRoutes);
      await api.register(recordingsRoutes);
      await api.register(adminSessionRoutes);
      await api.register(identityReviewRoutes);
      await api.register(adminPromotionRoutes);
      await api.register(adminCouponRoutes);
      await api.register(adminSettingsRoutes);
      // Live chat (ADR 027): the visitors' widget and the agents' inbox.
      await api.register(chatRoutes);
    },
    { prefix: '/api' },
  );
  // The payment families' pages (the bank-linking page, ADR 011), outside /api like a bank's page.
  await app.register(paymentPages);
  // A demo door: mounted only when mail is kept in the local mailbox (demo mode, config-rules.ts).
  if (config.MAIL_TRANSPORT === 'mailbox') await app.register(mailboxRoutes);
  await app.register(catalogAssets);
  // Last: the built web app, its pages rendered on the server, and the not-found answers (plugins/web-app).
  await app.register(webAppPlugin, { webDist: config.WEB_DIST });
  return app;
}

/**
 * Each module's background work, handed to the one runner (background/runner.ts). A pass runs the jobs
 * in this order: card payments first (their approvals become paid orders), then expired reservations,
 * then orders left paid; then it delivers the outbox rows.
 */
function addBackgroundWork(app: FastifyInstance) {
  const { db, log, mailer, live, config, outbox: wake } = app;
  app.outbox.add(
    paymentsBackground({ db, providers: app.paymentProviders, log, wake, cardLimits: cardLimitsOf(app), payOrder: app.payOrder }),
  );
  app.outbox.add(checkoutBackground({ db, log, live, reservationMinutes: config.ORDER_RESERVATION_MINUTES }));
  app.outbox.add(payOrderBackground({ db, log, wake }));
  app.outbox.add(fulfilmentBackground({ db, mailer, live, publicUrl: config.PUBLIC_URL }));
  app.outbox.add(authBackground({ db, log, mailer, config }));
  // Cash-outs (ADR 017): payouts left undecided are asked again with their key; their live updates.
  app.outbox.add(cashoutBackground({ db, log, wake, live, providers: app.paymentProviders }));
  app.outbox.add(walletBackground({ db, live, log }));
  app.outbox.add(kycBackground({ db, live }));
  // Session recordings older than the retention setting (ADR 028).
  app.outbox.add(recordingsBackground({ db, log, maxTotalBytes: config.RECORDING_MAX_TOTAL_BYTES }));
  // Live events are kept for a week for connections to catch up on (plugins/live-events.ts).
  app.outbox.add({ jobs: [{ name: 'live.prune-events', run: () => pruneLiveEvents(db) }] });
  // Card tokens nothing used within VAULT_TOKEN_TTL_MINUTES (ADR 032).
  app.outbox.add(app.vault.background(log));
}
