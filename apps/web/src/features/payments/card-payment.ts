import type { NuveiInitBody, SavedCard } from '@store/shared';
import type { AppThunkDispatch } from '../../lib/hooks.ts';
import { readApiFailure } from '../../lib/api-failure.ts';
import { initPaymentApi } from './api/init-payment.ts';
import { paymentFirstApi } from './api/payment-first.ts';
import { cardSaved, threeDFingerprintingStored, threeDSecureUrlStored } from './payment-slice.ts';

export const CARD_NOT_SAVED_TEXT = 'Your card could not be saved. Please try again.';
export const CHALLENGE_MISSING_TEXT = 'Your bank asked for a check we could not open. Nothing was charged; please try again.';

const APPROVED_STATUSES = new Set(['paid', 'fulfilled']);

/** Any store holding the API slice and this feature's reducer will do (a feature never imports app/). */
export type PaymentDispatch = AppThunkDispatch;

export type PaymentOutcome =
  /** Approved without a challenge: the order is paid (and fulfilled) already. */
  | { kind: 'approved'; orderId: string; orderStatus: string }
  /** The bank wants a 3-D Secure challenge: the browser is on its way to `url`. */
  | { kind: 'challenge'; orderId: string; url: string };

export interface CardPaymentDeps {
  dispatch: PaymentDispatch;
  /** Leaves the store for the challenge page (window.location.assign in the app). */
  goTo: (url: string) => void;
}

/**
 * The three steps of SPEC §4 "Card payment":
 * 1. init; a response with card data means the card is saved and the flow ends.
 * 2. otherwise the 3-D Secure fingerprint step is stored and the first payment is made with the init
 *    body plus the 3-D version and the init transaction as relatedTransactionId (§7).
 * 3. on that response, redirect=true stores (and opens) the challenge URL, and card data stores the
 *    card: both, when both are there.
 * A failed call (a decline is a 402 with the server's message) rejects with the RTK Query error.
 */
export async function payWithCard(body: NuveiInitBody & { orderId: string }, { dispatch, goTo }: CardPaymentDeps): Promise<PaymentOutcome> {
  const init = await dispatch(initPaymentApi.endpoints.paymentsInit.initiate(body)).unwrap();
  const orderStatus = init.orderStatus ?? 'pending';
  if (init.card) {
    dispatch(cardSaved(init.card));
    return { kind: 'approved', orderId: body.orderId, orderStatus };
  }
  // Not one of §4's steps, but how the server ends a frictionless payment that saves no card: the
  // init answer carries no card data and the order is already paid or fulfilled. Going on to
  // payment/first would ask to pay an order that is paid, so the flow ends here.
  if (APPROVED_STATUSES.has(orderStatus)) return { kind: 'approved', orderId: body.orderId, orderStatus };

  const version = init.paymentOption.card.threeD.version ?? '';
  dispatch(threeDFingerprintingStored({ version, transactionId: init.transactionId, orderId: body.orderId }));
  const first = await dispatch(
    paymentFirstApi.endpoints.paymentsFirst.initiate({ ...body, version, relatedTransactionId: init.transactionId }),
  ).unwrap();

  if (first.card) dispatch(cardSaved(first.card));
  if (first.redirect) {
    if (!first.url) throw new Error(CHALLENGE_MISSING_TEXT);
    dispatch(threeDSecureUrlStored({ url: first.url, transactionId: first.transactionId, orderId: body.orderId }));
    goTo(first.url);
    return { kind: 'challenge', orderId: body.orderId, url: first.url };
  }
  return { kind: 'approved', orderId: body.orderId, orderStatus: first.orderStatus };
}

/**
 * /add-card without an order: init with only the new card's token is a zero-amount verification; the
 * answer's card is saved to the front of the list (SPEC §4 step 1). A decline rejects (402, its message).
 */
export async function saveNewCard(cardToken: string, dispatch: PaymentDispatch): Promise<SavedCard> {
  const init = await dispatch(initPaymentApi.endpoints.paymentsInit.initiate({ cardToken })).unwrap();
  if (!init.card) throw new Error(CARD_NOT_SAVED_TEXT);
  dispatch(cardSaved(init.card));
  return init.card;
}

/**
 * Whether a failed payment call leaves the outcome unknown: no response at all (network, timeout) or a
 * 5xx. The bank may have charged the card all the same, so nobody may say "nothing was charged". Only
 * a clear answer (a 4xx such as a 402 decline) or our own check before sending anything (an Error,
 * e.g. 'Unable to get token') is a known failure.
 */
export function isUnconfirmedFailure(error: unknown): boolean {
  if (error instanceof Error) return false;
  const { status } = readApiFailure(error);
  return status === null || status >= 500;
}
