// The card payment API of SPEC §4 and §7 (v1/nuvei/init, v1/nuvei/payment/first): init (approved at
// once, or 3-D Secure needed), the first payment with the 3-D version (approved, or a challenge page),
// and the provider's notification with the challenge's result (notifications.ts). The steps themselves
// are the provider-neutral core's (core.ts); this file reads the card API's bodies into a payment
// source and maps each step's result onto the card API's responses. ORDERS reserves stock before any
// charge and fulfils on approval (approval.ts); what a crash leaves unfinished is reconciled (reconcile.ts).
import { isCountryCode, postalCodeFits, type NuveiInitBody, type OrderStatus, type PaymentFirstBody } from '@store/shared';
import { badRequest, conflict, notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { DECLINE_MESSAGES, type BrowserDetails, type Payer, type PaymentSource, type ShopperAction } from '@store/server-kit';
import { findAccountName, findPayer, saveProfileCountry, saveProfileZip } from '../user/index.ts';
import { assertMayPay } from './allowed.ts';
import { completeChallenge, confirmPayment, PAYMENT_IN_PROGRESS_MESSAGE, PAYMENT_PROCESSED_MESSAGE, startPayment } from './core.ts';
import { assertCardTokenUsable, callProvider, methodUnavailable, providerFor, type PaymentsDeps } from './deps.ts';
import { PAYMENT_NOT_FOUND } from './notifications.ts';
import { PAYER_MESSAGES, requirePayer } from './payer.ts';
import * as repo from './repository.ts';
import { CARD_NOT_FOUND, keepCard } from './saved-cards.ts';

export type { PaymentsDeps } from './deps.ts';
export { INITIATED_ABANDONED_MS, PAYMENT_IN_PROGRESS_MESSAGE, PAYMENT_PROCESSED_MESSAGE } from './core.ts';
export { allowedPaymentsFor } from './allowed.ts';
export { handleNotification, PAYMENT_NOT_FOUND } from './notifications.ts';
export { CARD_NOT_FOUND, lastUsedCardOf, listCards, removeCard, toSavedCard } from './saved-cards.ts';

/**
 * POST v1/nuvei/init without an order (/add-card): a zero-amount verification of a fresh card, then
 * it is saved (first in the list, replacing the same userPaymentOptionId). No order, nothing charged.
 * An optional capability of the card provider (verifyCard).
 */
async function saveCardWithoutPaying(
  deps: PaymentsDeps,
  userId: string,
  cardToken: string,
  cvvToken: string | undefined,
  billing: Pick<NuveiInitBody, 'billingCountry' | 'billingZip'>,
) {
  // The card is saved to pay with: refused, before the provider is asked, where paying by card would be.
  await assertMayPay(deps, userId, 'card');
  await assertCardTokenUsable(deps, cardToken);
  const provider = providerFor(deps, 'card');
  const verifyCard = provider.verifyCard?.bind(provider);
  if (!verifyCard) throw methodUnavailable();
  // Nuvei's verification is a payment too: the same payer fields (ADR 037).
  const payer = await requireCardPayer(deps, userId, billing);
  const payerName = await findAccountName(deps.db, userId);
  const source = { method: 'card' as const, cardToken, ...(cvvToken ? { cvvToken } : {}) };
  const outcome = await callProvider(deps.log, 'verifyCard', () => verifyCard({ userId, payerName, source, payer }));
  if (outcome.status === 'declined') {
    await deps.attempts?.declined();
    throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
  }
  const card = await keepCard(deps.db, userId, outcome.card, cardToken);
  // The upsert refuses to move a card id to another shopper; that is not this shopper's card.
  if (!card) throw notFound(CARD_NOT_FOUND);
  return { transactionId: outcome.transactionId, card, paymentOption: { card: { threeD: { version: null } } }, orderStatus: null };
}

const threeD = (version: string | null, action?: ShopperAction) => ({
  card: {
    threeD: {
      version,
      ...(action?.kind === 'fingerprint' && action.methodUrl
        ? { methodUrl: action.methodUrl, methodPayload: action.methodPayload ?? '' }
        : {}),
    },
  },
});

/**
 * A card payment needs the payer's details (Nuvei's billingAddress and deviceDetails.ipAddress, ADR 037,
 * 039), asked the way a bank payment asks them: 422 PAYER_DETAILS_REQUIRED naming the profile field that
 * is missing, before the order is touched. The billing country alone may come with the request (the pay
 * page's list, shown when the answer names address.country); it is then saved to the profile.
 */
async function requireCardPayer(
  deps: PaymentsDeps,
  userId: string,
  { billingCountry, billingZip }: Pick<NuveiInitBody, 'billingCountry' | 'billingZip'>,
): Promise<Payer> {
  if (billingCountry !== undefined) {
    if (!isCountryCode(billingCountry)) throw badRequest('Choose a country from the list.', 'billingCountry');
    const found = await findPayer(deps.db, userId);
    if ('missing' in found && found.missing === 'address.country') await saveProfileCountry(deps.db, userId, billingCountry);
  }
  const payer = await requirePayer(deps.db, userId, deps.attempts?.who.address ?? undefined, CARD_PAYER_MESSAGES);
  if (billingZip === undefined || billingZip === payer.zip) return payer;
  // Checked against the billing country before it is kept: the profile is refused the same shape.
  if (!postalCodeFits(payer.country, billingZip))
    throw badRequest(
      payer.country === 'US' ? 'Enter a US ZIP code: 12345 or 12345-6789.' : 'Enter the postcode of your billing address.',
      'billingZip',
    );
  await saveProfileZip(deps.db, userId, billingZip);
  return { ...payer, zip: billingZip };
}

/** The pay page offers a country list when the country is missing (the other fields are the profile's). */
const CARD_PAYER_MESSAGES = { ...PAYER_MESSAGES, 'address.country': 'Choose your billing country to pay by card: the bank needs it.' };

/** POST v1/nuvei/init */
export async function initCardPayment(deps: PaymentsDeps, userId: string, body: NuveiInitBody) {
  const { db } = deps;
  if (!body.orderId) {
    // Without an order only a fresh card can be saved; a saved card is only used to pay an order.
    if (body.userPaymentOptionId) throw badRequest('Choose the order to pay with this saved card.', 'orderId');
    if (!body.cardToken) throw badRequest('Enter a card to save.', 'cardToken');
    return saveCardWithoutPaying(deps, userId, body.cardToken, body.cvvToken, body);
  }
  const orderId = body.orderId;
  if (!body.cardToken === !body.userPaymentOptionId) throw badRequest('Send either a cardToken or a userPaymentOptionId.', 'cardToken');
  // Refused before the billing ZIP is kept on the profile: a payment the shopper may not make changes nothing.
  await assertMayPay(deps, userId, body.userPaymentOptionId ? 'saved_card' : 'card');
  await requireCardPayer(deps, userId, body);
  let source: PaymentSource;
  if (body.userPaymentOptionId) {
    const saved = await repo.findSavedCard(db, userId, body.userPaymentOptionId);
    if (!saved) throw notFound(CARD_NOT_FOUND);
    if (!body.cvvToken) throw badRequest('Enter the CVV of the saved card.', 'cvvToken');
    source = { method: 'saved_card', userPaymentOptionId: saved.id, vaultToken: saved.vaultToken, cvvToken: body.cvvToken };
  } else {
    // A CVV token with a fresh card goes with it to the provider (the vault fills it in, ADR 010).
    await assertCardTokenUsable(deps, body.cardToken!);
    source = { method: 'card', cardToken: body.cardToken!, ...(body.cvvToken ? { cvvToken: body.cvvToken } : {}) };
  }

  const result = await startPayment(deps, { userId, orderId, source, saveCard: body.saveCard ?? false });
  switch (result.status) {
    case 'approved':
      // §4 step 1: card data only when the card was kept; a paid order ends the flow without it.
      return {
        transactionId: result.transactionId,
        card: result.card,
        paymentOption: threeD(result.threeDVersion),
        orderStatus: result.orderStatus,
      };
    case 'pending':
      return { transactionId: result.transactionId, paymentOption: threeD(null), orderStatus: 'pending' as OrderStatus };
    case 'action':
      // 3-D Secure needed: the browser runs the fingerprint step and goes on with payment/first.
      return {
        transactionId: result.transactionId,
        paymentOption: threeD(result.action.kind === 'fingerprint' ? result.action.threeDVersion : null, result.action),
        orderStatus: 'pending' as OrderStatus,
      };
  }
}

/**
 * The card of step 2 must be the one the payment was started with. A body without card fields goes
 * on with the recorded card (a fresh card needs nothing more); a saved card needs its CVV token again,
 * since no CVV is ever stored.
 */
function cardForPaymentFirst(payment: repo.PaymentRow, body: PaymentFirstBody): PaymentSource {
  const mismatch = (field: string, what: string) =>
    new AppError(409, 'PAYMENT_MISMATCH', `This is not the ${what} this payment was started with.`, field);
  if (body.saveCard !== undefined && body.saveCard !== payment.saveCard) throw mismatch('saveCard', 'choice to save the card');
  if (payment.userPaymentOptionId) {
    if (body.cardToken) throw mismatch('cardToken', 'card');
    if (body.userPaymentOptionId !== undefined && body.userPaymentOptionId !== payment.userPaymentOptionId)
      throw mismatch('userPaymentOptionId', 'saved card');
    if (!body.cvvToken) throw badRequest('Enter the CVV of the saved card.', 'cvvToken');
    return {
      method: 'saved_card',
      userPaymentOptionId: payment.userPaymentOptionId,
      vaultToken: payment.cardToken ?? '',
      cvvToken: body.cvvToken,
    };
  }
  if (body.userPaymentOptionId) throw mismatch('userPaymentOptionId', 'card');
  if (body.cardToken !== undefined && body.cardToken !== payment.cardToken) throw mismatch('cardToken', 'card');
  // No CVV is ever stored: a fresh card's CVV token comes again with step 2 when the page collected one.
  return { method: 'card', cardToken: payment.cardToken ?? '', ...(body.cvvToken ? { cvvToken: body.cvvToken } : {}) };
}

/** What the request itself says of the browser (its address and headers), with what the page measured. */
export interface RequestFacts {
  ip: string;
  acceptHeader: string;
  userAgent: string;
}

function browserOf(body: PaymentFirstBody, facts: RequestFacts | undefined): BrowserDetails | undefined {
  const b = body.browserDetails;
  if (!b || !facts) return undefined;
  return {
    acceptHeader: facts.acceptHeader.slice(0, 2048),
    ip: facts.ip,
    javaEnabled: b.javaEnabled ? 'TRUE' : 'FALSE',
    // The page that measured the rest ran script.
    javaScriptEnabled: 'TRUE',
    language: b.language,
    colorDepth: String(b.colorDepth),
    screenHeight: String(b.screenHeight),
    screenWidth: String(b.screenWidth),
    timeZone: String(b.timeZone),
    userAgent: facts.userAgent.slice(0, 2048),
  };
}

/** POST v1/nuvei/payment/first */
export async function payFirst(deps: PaymentsDeps, userId: string, body: PaymentFirstBody, facts?: RequestFacts) {
  const payment = await repo.findUserPayment(deps.db, userId, body.orderId, body.relatedTransactionId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const inProviderCall = payment.status === 'initiated' && payment.transactionId.startsWith('local:');
  if (inProviderCall) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  if (payment.status !== 'initiated' || payment.transactionId !== body.relatedTransactionId) throw conflict(PAYMENT_PROCESSED_MESSAGE);
  const source = cardForPaymentFirst(payment, body);
  const result = await confirmPayment(deps, {
    userId,
    payment,
    source,
    // '' when the card does not support 3-D Secure 2: no version is sent then.
    ...(body.version ? { threeDVersion: body.version } : {}),
    browser: browserOf(body, facts),
    ...(body.methodCompletionInd ? { methodCompletionInd: body.methodCompletionInd } : {}),
  });
  if (result.status === 'approved')
    return { redirect: false, transactionId: result.transactionId, card: result.card, orderStatus: result.orderStatus };
  // A page the shopper must go to (the issuer's challenge); anything else waits on a notification.
  const action = result.status === 'action' ? result.action : undefined;
  const url = action && 'url' in action ? action.url : undefined;
  const creq = action?.kind === 'challenge' ? action.creq : undefined;
  if (url)
    return { redirect: true, url, ...(creq ? { creq } : {}), transactionId: result.transactionId, orderStatus: 'pending' as OrderStatus };
  return { redirect: false, transactionId: result.transactionId, orderStatus: 'pending' as OrderStatus };
}

/**
 * POST v1/nuvei/3ds/return/:paymentId, the issuer's answer (cres) in the shopper's browser (ADR 037):
 * the final payment is made, and the browser is sent where the pay flow ends. A provider that does not
 * answer leaves the payment to reconciliation; the browser then waits on the success page, as for any
 * payment not settled yet.
 */
export async function finishChallenge(
  deps: PaymentsDeps,
  paymentId: string,
): Promise<{ to: 'success' | 'failed' | 'unknown'; orderId: string | null }> {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment) return { to: 'unknown', orderId: null };
  let end;
  try {
    end = await completeChallenge(deps, paymentId);
  } catch (err) {
    deps.log.error(
      { paymentId, err: err instanceof Error ? err.message : String(err) },
      'finishing a 3-D Secure challenge failed; left for reconciliation',
    );
    end = 'waiting' as const;
  }
  return { to: end === 'declined' ? 'failed' : 'success', orderId: payment.orderId };
}
