// @store/checkout-host (ADR 048): the hosted checkout, an application of its own that the store's app runs
// beside it (apps/server plugins/checkout-host.ts). What it offers its runner: the host itself, its settings'
// shape, its migrations, its page script, its chains and fraud check, and the names a test or a merchant
// client meets on the wire. Everything else is the host's own.
export { createCheckoutHost, type CheckoutHost, type CheckoutHostDeps } from './host.ts';
export type { CheckoutHostConfig } from './config.ts';
export { HOST_MIGRATIONS_BOOK, HOST_MIGRATIONS_DIR } from './migrate.ts';
export { BUILT_PAGE_SCRIPT, pageScriptMissing } from './page/script.ts';
export { SESSION_KEY_HEADER } from './page-api.ts';
export type { MerchantCredentials } from './secret.ts';
export type { MerchantSpec } from './service.ts';
export {
  ChainError,
  chainOptionsFromEnv,
  createChainRegistry,
  missingSandboxPackages,
  type ChainOptions,
  type ChainRegistry,
} from './chains/index.ts';
export { FRAUD_FAILURE_POLICIES, fraudProviderFor } from './fraud/index.ts';
