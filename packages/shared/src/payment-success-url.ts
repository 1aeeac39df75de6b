// /payment-success is reached from the pay page (web features/payments) and from the server's redirects (the
// bank-linking page), and shown by web features/purchases: the address they all build and read lives here.

/**
 * How a payment still settling was made. The order does not say (only that one is settling), so the pay
 * page, which knows the panel used, tells the success page through the address; its copy then names the
 * right method (issue 24: a card payment is never called a bank payment).
 */
export type ProcessingVia = 'card' | 'bank';

export const PROCESSING_PARAM = 'processing';

/** /payment-success for an order; with `processing`, its payment is still settling (1 when neither card nor bank). */
export function paymentSuccessPath(orderId: string, processing?: ProcessingVia | 'other'): string {
  const path = `/payment-success?orderId=${encodeURIComponent(orderId)}`;
  if (!processing) return path;
  return `${path}&${PROCESSING_PARAM}=${processing === 'other' ? '1' : processing}`;
}

/** The method the pay page named, or null (the provider's own redirects and old links name none). */
export function readProcessingVia(params: URLSearchParams): ProcessingVia | null {
  const value = params.get(PROCESSING_PARAM);
  return value === 'card' || value === 'bank' ? value : null;
}

/**
 * The message a provider's page framed over the pay page (3-D Secure, the cashier, the bank-linking page)
 * ends with: the store's return page in the frame posts `{ type, to }` to its parent, `to` being the store
 * path the flow goes on at (apps/server lib/framed-return.ts; web features/payments ProviderPageDialog).
 */
export const PROVIDER_PAGE_FINISHED = 'provider-page-finished';
