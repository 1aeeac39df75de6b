/** React entry of @store/checkout-sdk. */
export { EmbeddedCheckout } from './EmbeddedCheckout.tsx';
export type { EmbeddedCheckoutProps } from './EmbeddedCheckout.tsx';
export * from '../index.ts';
