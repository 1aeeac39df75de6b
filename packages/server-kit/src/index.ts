// What the store's server (apps/server) and the hosted checkout (apps/checkout-host) both build on, so that
// neither imports the other's internals (ADR 048): the error a handler answers, HTML escaping, the weighted
// counters' interface, the card vault's frame contract, and the payment-provider contract a card or bank
// processor is called through (the store's providers implement it; the host is handed one).
export * from './errors.ts';
export * from './html.ts';
export * from './attempt-counters.ts';
export * from './vault-frames.ts';
export * from './payment-provider.ts';
export * from './bank-account-provider.ts';
