// @store/checkout-host/testing: what the store's tests read of the host beyond its public surface (index.ts):
// its tables and a few reads of its records, to assert what a payment left behind, and the parts a test
// mounts on a server of its own. Production code imports only the package's index.
export * from './tables.ts';
export { findChainPayment, fraudChecksOf, latestBankAttempt, latestCardAttempt } from './repository.ts';
export { redactSecrets } from './telemetry-routes.ts';
export { readPageScript } from './page/script.ts';
export { TOKENIZER_CONFIG_PATH, tokenizerConfigRoutes, type TokenizerConfig } from './tokenizer/routes.ts';
