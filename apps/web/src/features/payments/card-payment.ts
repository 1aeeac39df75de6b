import type { BrowserDetailsBody, NuveiInitBody, SavedCard } from '@store/shared';
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
  /**
   * Leaves the store for the bank's page by POSTing it the form fields (3-D Secure 2: creq to the ACS),
   * from an auto-submitting form (postForm in the app).
   */
  postTo?: (url: string, fields: Record<string, string>) => void;
  /**
   * Runs the issuer's 3-D Secure method (fingerprint) page: threeDSMethodData POSTed to methodUrl in a
   * hidden frame. Resolves true when the page loaded, false when it did not in time (runThreeDsMethod).
   */
  runMethod?: (methodUrl: string, methodPayload: string) => Promise<boolean>;
  /** What only the browser knows, for 3-D Secure 2 (browserDetails in the app). */
  browser?: () => BrowserDetailsBody;
}

/** How long the issuer's method page may take (EMV 3DS allows it 10 seconds). */
export const THREE_DS_METHOD_TIMEOUT_MS = 10_000;

/** An auto-submitting form: the whole page goes to url with the fields POSTed (the bank's page). */
/** Posts `fields` to `url` from a hidden form: the whole page goes, or only the frame named `target`. */
export function postForm(url: string, fields: Record<string, string>, target?: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  if (target) form.target = target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** The issuer's method page in a hidden frame, its threeDSMethodData POSTed from a form aimed at it. */
export function runThreeDsMethod(methodUrl: string, methodPayload: string, timeoutMs = THREE_DS_METHOD_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const name = `threeds-method-${Math.random().toString(36).slice(2)}`;
    const frame = document.createElement('iframe');
    frame.name = name;
    frame.title = '3-D Secure';
    frame.setAttribute('aria-hidden', 'true');
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = methodUrl;
    form.target = name;
    form.style.display = 'none';
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'threeDSMethodData';
    input.value = methodPayload;
    form.append(input);
    let done = false;
    const finish = (loaded: boolean) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      form.remove();
      frame.remove();
      resolve(loaded);
    };
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    frame.addEventListener('load', () => finish(true));
    document.body.append(frame, form);
    form.submit();
  });
}

/** The browser's own facts for 3-D Secure 2; the server adds its address and headers. */
export function browserDetails(): BrowserDetailsBody {
  return {
    javaEnabled: false,
    language: (navigator.language || 'en').slice(0, 8),
    colorDepth: Math.min(99, Math.max(1, window.screen.colorDepth || 24)),
    screenHeight: window.screen.height || 0,
    screenWidth: window.screen.width || 0,
    timeZone: new Date().getTimezoneOffset(),
  };
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
export async function payWithCard(
  body: NuveiInitBody & { orderId: string },
  { dispatch, goTo, postTo, runMethod, browser }: CardPaymentDeps,
): Promise<PaymentOutcome> {
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

  const threeD = init.paymentOption.card.threeD;
  const version = threeD.version ?? '';
  dispatch(threeDFingerprintingStored({ version, transactionId: init.transactionId, orderId: body.orderId }));
  // The issuer's fingerprint page when init named one: 'Y' it ran, 'N' it did not in time, 'U' none asked.
  const methodCompletionInd =
    threeD.methodUrl && runMethod ? ((await runMethod(threeD.methodUrl, threeD.methodPayload ?? '')) ? 'Y' : 'N') : 'U';
  const first = await dispatch(
    paymentFirstApi.endpoints.paymentsFirst.initiate({
      ...body,
      version,
      relatedTransactionId: init.transactionId,
      methodCompletionInd,
      ...(browser ? { browserDetails: browser() } : {}),
    }),
  ).unwrap();

  if (first.card) dispatch(cardSaved(first.card));
  if (first.redirect) {
    if (!first.url) throw new Error(CHALLENGE_MISSING_TEXT);
    dispatch(threeDSecureUrlStored({ url: first.url, transactionId: first.transactionId, orderId: body.orderId }));
    // 3-D Secure 2: the bank's page is POSTed the creq; the bank then sends the shopper to the store's return page.
    if (first.creq && postTo) postTo(first.url, { creq: first.creq });
    else goTo(first.url);
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
