import type { AppDispatch } from '../../app/store.ts';
import { initPaymentApi } from './api/init-payment.ts';
import { paymentFirstApi } from './api/payment-first.ts';
import { cardSaved, threeDFingerprintingStored, threeDSecureUrlStored } from './payment-slice.ts';
import type { InitPaymentBody } from './types.ts';

export const CHALLENGE_MISSING_TEXT = 'Your bank asked for a check we could not open. Nothing was charged; please try again.';

const APPROVED_STATUSES = new Set(['paid', 'fulfilled']);

export type PaymentOutcome =
  /** Approved without a challenge: the order is paid (and fulfilled) already. */
  | { kind: 'approved'; orderId: string; orderStatus: string }
  /** The bank wants a 3-D Secure challenge: the browser is on its way to `url`. */
  | { kind: 'challenge'; orderId: string; url: string };

export interface CardPaymentDeps {
  dispatch: AppDispatch;
  /** Leaves the store for the challenge page (window.location.assign in the app). */
  goTo: (url: string) => void;
}

/**
 * The three steps of SPEC §4 "Card payment":
 * 1. init; a response with card data means approved: the card is saved and the flow ends.
 * 2. otherwise the 3-D Secure fingerprint step is stored and the first payment is made with the 3-D
 *    version and the init transaction as relatedTransactionId.
 * 3. redirect=true: the challenge URL is stored and opened; card data: the card is stored.
 * A failed call (a decline is a 402 with the server's message) rejects with the RTK Query error.
 */
export async function payWithCard(body: InitPaymentBody, { dispatch, goTo }: CardPaymentDeps): Promise<PaymentOutcome> {
  const init = await dispatch(initPaymentApi.endpoints.paymentsInit.initiate(body)).unwrap();
  if (init.card) {
    dispatch(cardSaved(init.card));
    return { kind: 'approved', orderId: body.orderId, orderStatus: init.orderStatus };
  }
  // Approved without a card to save: nothing is left to confirm.
  if (APPROVED_STATUSES.has(init.orderStatus)) return { kind: 'approved', orderId: body.orderId, orderStatus: init.orderStatus };

  const version = init.paymentOption.card.threeD.version;
  dispatch(threeDFingerprintingStored({ version, transactionId: init.transactionId, orderId: body.orderId }));
  const first = await dispatch(
    paymentFirstApi.endpoints.paymentsFirst.initiate({ orderId: body.orderId, version, relatedTransactionId: init.transactionId }),
  ).unwrap();

  if (first.redirect) {
    if (!first.url) throw new Error(CHALLENGE_MISSING_TEXT);
    dispatch(threeDSecureUrlStored({ url: first.url, transactionId: first.transactionId, orderId: body.orderId }));
    goTo(first.url);
    return { kind: 'challenge', orderId: body.orderId, url: first.url };
  }
  if (first.card) dispatch(cardSaved(first.card));
  return { kind: 'approved', orderId: body.orderId, orderStatus: first.orderStatus };
}
