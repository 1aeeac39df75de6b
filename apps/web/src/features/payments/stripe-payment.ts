import type { StripePaymentIntentData } from '@store/shared';

/** Leaves the store for Stripe's page (3-D Secure, Cash App); tests watch it here. */
export const stripeLeave = { to: (url: string) => window.location.assign(url) };

export interface StripeResultHandlers {
  onPaid(orderId: string, state: 'paid' | 'processing'): void;
  /** Real Stripe only: Stripe.js finishes an action in the page with the PaymentIntent's client secret. */
  handleClientAction?(clientSecret: string): Promise<void>;
  /** A card's 3-D Secure page, shown over the pay page rather than left for (issue 24); without it the page goes there. */
  openInDialog?(url: string): void;
}

export const CLIENT_ACTION_UNAVAILABLE_TEXT =
  'Your bank asked for a check this page could not open. Nothing was charged; please try again.';

/**
 * What an answer of POST v1/payment/stripe/payment-intent means for the page: paid (or processing) goes
 * to the success page; requires_action leaves for Stripe's page, which sends the shopper back through
 * the store's return route; a client action is run by Stripe.js, then the success page waits for the
 * webhook. Returns whether the browser is leaving.
 */
export async function followStripeResult(
  result: StripePaymentIntentData,
  orderId: string,
  handlers: StripeResultHandlers,
): Promise<boolean> {
  if (result.status === 'approved') {
    handlers.onPaid(orderId, 'paid');
    return false;
  }
  if (result.status === 'processing') {
    handlers.onPaid(orderId, 'processing');
    return false;
  }
  const action = result.nextAction;
  if (action?.type === 'redirect') {
    if (handlers.openInDialog) handlers.openInDialog(action.url);
    else stripeLeave.to(action.url);
    return true;
  }
  if (action?.type === 'client' && handlers.handleClientAction) {
    await handlers.handleClientAction(action.clientSecret);
    handlers.onPaid(orderId, 'paid');
    return false;
  }
  throw new Error(CLIENT_ACTION_UNAVAILABLE_TEXT);
}
