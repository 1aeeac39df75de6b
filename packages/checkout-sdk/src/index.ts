/** @store/checkout-sdk: embed the hosted checkout. React: '@store/checkout-sdk/react'; wire protocol: '/protocol'. */
export { createEmbeddedCheckout } from './embedded.ts';
export { CheckoutInputError } from './router.ts';
export { buildCheckoutUrl, checkoutBaseUrl, apiBaseUrl } from './url.ts';
export { FRAME_ALLOW, LOAD_ERROR_TEXT, invertColor } from './overlay.ts';
export { evmWalletFromEip1193, parseEvmTransaction, VIEM_REQUIRED } from './wallets/evm.ts';
export { solanaWalletFromStandard } from './wallets/solana-standard.ts';
export type { StandardWalletAccountLike, StandardWalletLike } from './wallets/solana-standard.ts';
export {
  validatePublicKey,
  validateSeeds,
  validatePacketSize,
  validateStaticAccountKeys,
  validateSignature,
} from './wallets/solana-rules.ts';
export { createWalletHandlers } from './wallets/handlers.ts';
export type { WalletHandlers } from './wallets/handler-types.ts';
export * from './protocol.ts';
export type * from './types.ts';
// Card fields and the fraud device id (for merchants that take cards themselves).
export * from './card-fields/index.ts';
export * from './device-id/index.ts';
