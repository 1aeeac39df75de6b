// What the Square client, its built-in sandbox and the store's Square routes share.
import type { PaymentMethodKind } from '@store/server-kit';

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

/**
 * What the page's Content-Security-Policy must allow for the Web Payments SDK, by Square environment.
 * From Square's "Content Security Policy" page for the Web Payments SDK
 * (https://developer.squareup.com/docs/web-payments/content-security-policy): script-src, frame-src and
 * connect-src name the SDK's CDN origin (sandbox.web.squarecdn.com / web.squarecdn.com). The stored copy
 * of that page we could read breaks off inside connect-src; its second origin, the card tokenisation
 * endpoint pci-connect.squareupsandbox.com / pci-connect.squareup.com, is taken from Square's developer
 * forum (threads 8186 "Whitelisted Square Domains for CSP & Web Payments SDK" and 27927, which quotes the
 * documented production policy as allowing web.squarecdn.com and pci-connect.squareup.com). Anything else
 * the page may list (style-src, font-src, Square's error reporting) is not added: check the live page.
 */
export const SQUARE_CSP_ORIGINS = {
  sandbox: {
    script: [new URL(SQUARE_SDK_URLS.sandbox).origin],
    frame: [new URL(SQUARE_SDK_URLS.sandbox).origin],
    connect: [new URL(SQUARE_SDK_URLS.sandbox).origin, 'https://pci-connect.squareupsandbox.com'],
  },
  production: {
    script: [new URL(SQUARE_SDK_URLS.production).origin],
    frame: [new URL(SQUARE_SDK_URLS.production).origin],
    connect: [new URL(SQUARE_SDK_URLS.production).origin, 'https://pci-connect.squareup.com'],
  },
} as const;

/** Square's Payments API takes money in the smallest unit; the store sells in dollars only. */
export const SQUARE_CURRENCY = 'USD';
