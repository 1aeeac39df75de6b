// The settings the host reads, by the names the store's configuration gives them (apps/server config.ts parses
// the environment; README "Configuration"): the store's Config satisfies this, and a host started on its own
// would parse the same names.
import type { ChainOptions } from './chains/index.ts';
import type { FraudFailurePolicy } from './fraud/index.ts';

export interface CheckoutHostConfig {
  /** Where the host listens: CHECKOUT_PORT (default PORT+2; 0 random; 'off' not started) on HOST. */
  PORT: number;
  HOST: string;
  CHECKOUT_PORT?: number | 'off';
  CHECKOUT_PUBLIC_URL?: string;
  /** The API's own port, where the published SDK's environments look for it; unset: only on CHECKOUT_PORT. */
  CHECKOUT_API_PORT?: number;
  /** The page script `npm run build` wrote (page/build.ts). */
  CHECKOUT_PAGE_SCRIPT: string;
  CHECKOUT_SECRET?: string;
  CHECKOUT_MERCHANT_CSS_ORIGINS: string[];
  CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER: number;
  CHECKOUT_CARD_ATTEMPTS_PER_DEVICE: number;
  CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS: number;
  CHECKOUT_CARD_ATTEMPT_WINDOW_MINUTES: number;
  CHECKOUT_FRAUD_TIMEOUT_MS: number;
  CHECKOUT_FRAUD_ON_FAILURE: FraudFailurePolicy;
  CHAIN_OPTIONS: ChainOptions;
  /** Where a secret generated on first start is kept (DATA_DIR/checkout.key). */
  DATA_DIR: string;
  NODE_ENV: string;
  /** Demo mode: the sandbox faucet is served (behind the demo door the host is handed). */
  DEMO_DATA: boolean;
}
