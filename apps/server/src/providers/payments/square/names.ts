// What the Square client, its built-in sandbox and the store's Square routes share.
import type { PaymentMethodKind } from '../types.ts';

/** Square's webhooks arrive at POST v1/payment/square/webhook. */
export const SQUARE_WEBHOOK = 'square';

/** Square takes card payments made with its Web Payments SDK's token (or, in the sandbox, our vault's), and saved Square cards. */
export const SQUARE_METHODS: readonly PaymentMethodKind[] = ['square_card'];

/** Square signs each webhook: base64 HMAC-SHA256 of the notification URL followed by the raw body. */
export const SQUARE_SIGNATURE_HEADER = 'x-square-hmacsha256-signature';

/** The path of the webhook under the store's origin (PUBLIC_URL): the notification URL Square signs with. */
export const SQUARE_WEBHOOK_PATH = '/api/v1/payment/square/webhook';

/** Where the Web Payments SDK is loaded from, by Square environment. */
export const SQUARE_SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** Square's Payments API takes money in the smallest unit; the store sells in dollars only. */
export const SQUARE_CURRENCY = 'USD';
