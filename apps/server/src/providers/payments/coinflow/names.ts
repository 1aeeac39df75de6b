// What the embedded checkout's provider (the storefront as a merchant of the hosted checkout, ADR 020)
// and the store's coinflow routes share.
import type { PaymentMethodKind } from '@store/server-kit';

/** The provider's name on payment rows. */
export const COINFLOW_PROVIDER = 'coinflow';
/** The host's webhooks arrive at POST v1/payment/coinflow/webhook. */
export const COINFLOW_WEBHOOK = 'coinflow';
export const COINFLOW_METHODS: readonly PaymentMethodKind[] = ['embedded_checkout'];

/** The webhook's path under the store's origin (PUBLIC_URL): the URL the storefront registers as merchant. */
export const COINFLOW_WEBHOOK_PATH = '/api/v1/payment/coinflow/webhook';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the merchant's webhook secret. */
export const CHECKOUT_SIGNATURE_HEADER = 'x-checkout-signature';
export const CHECKOUT_EVENT_ID_HEADER = 'x-checkout-event-id';
/**
 * The host's webhook event for each card it declines in a session (beyond the session's own end,
 * payment.declined): the merchant counts it against its customer's card attempts (ADR 031).
 */
export const CHECKOUT_CARD_DECLINED_EVENT = 'payment.card_declined';
/** The merchant API's key header. */
export const MERCHANT_KEY_HEADER = 'x-merchant-key';

/** The storefront as the in-process host's first merchant. */
export const STOREFRONT_MERCHANT = { id: 'lucky-dragon', name: 'Lucky Dragon' } as const;

/**
 * The host's webhook event when a bank debit (ACH) started in a session and waits for the bank: the store's
 * attempt moves to 'pending', so the order waits for the settlement (its reservations stay) instead of
 * expiring after 30 minutes; payment.approved fulfils it once the bank settles, payment.declined fails it.
 */
export const CHECKOUT_PENDING_EVENT = 'payment.pending';

/**
 * What the store's shoppers may pay with inside the frame: card, USDC, and a bank account (ACH; the host
 * offers it only while the store has a bank-account provider), which the host announces as payment.pending.
 */
export const EMBEDDED_PAYMENT_METHODS = ['card', 'usdc', 'ach'] as const;

// --- Coinflow's own merchant API (COINFLOW_MODE=coinflow, ADR 041) ---

/** The provider's name on payment rows made through Coinflow's API (rows of our hosted checkout stay 'coinflow'). */
export const COINFLOW_API_PROVIDER = 'coinflow-api';

/**
 * Coinflow's hosts per environment, as its React SDK computes them (CoinflowUtils.getCoinflowApiUrl and
 * getCoinflowBaseUrl in github.com/coinflow-labs-us/coinflow-react src/common/CoinflowUtils.ts):
 * api-<env>.coinflow.cash / <env>.coinflow.cash, and api.coinflow.cash / coinflow.cash in production.
 */
export const COINFLOW_HOSTS = {
  sandbox: { api: 'https://api-sandbox.coinflow.cash', page: 'https://sandbox.coinflow.cash' },
  prod: { api: 'https://api.coinflow.cash', page: 'https://coinflow.cash' },
} as const;

/** The end user a session key is issued for (GET /api/auth/session-key). */
export const COINFLOW_USER_ID_HEADER = 'x-coinflow-auth-user-id';
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the Webhook Validation Key. */
export const COINFLOW_SIGNATURE_HEADER = 'coinflow-signature';

/**
 * What a shopper may pay with in Coinflow's page: cards. Coinflow's USDC pay-in needs a session of the
 * shopper's wallet (x-coinflow-auth-wallet, signed message), which the store does not ask for (ADR 041).
 */
export const COINFLOW_PAYMENT_METHODS = ['card'] as const;
