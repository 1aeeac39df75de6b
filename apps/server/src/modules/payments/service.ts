// The card payment API of SPEC §4 and §7 (v1/nuvei/init, v1/nuvei/payment/first): init (approved at
// once, or 3-D Secure needed), the first payment with the 3-D version (approved, or a challenge page),
// and the provider's notification with the challenge's result (notifications.ts). The steps themselves
// are the provider-neutral core's (core.ts); this file reads the card API's bodies into a payment
// source and maps each step's result onto the card API's responses. ORDERS reserves stock before any
// charge and fulfils on approval (approval.ts); what a crash leaves unfinished is reconciled (reconcile.ts).
import type { NuveiInitBody, OrderStatus, PaymentFirstBody } from '@store/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { DECLINE_MESSAGES, type PaymentSource } from '../../providers/payments/types.ts';
import { findAccountName } from '../user/index.ts';
import { assertMayPay } from './allowed.ts';
import { confirmPayment, PAYMENT_IN_PROGRESS_MESSAGE, PAYMENT_PROCESSED_MESSAGE, startPayment } from './core.ts';
import { assertCardTokenUsable, callProvider, methodUnavailable, providerFor, type PaymentsDeps } from './deps.ts';
import { PAYMENT_NOT_FOUND } from './notifications.ts';
import * as repo from './repository.ts';
import { CARD_NOT_FOUND, keepCard } from './saved-cards.ts';

export type { PaymentsDeps } from './deps.ts';
export { INITIATED_ABANDONED_MS, PAYMENT_IN_PROGRESS_MESSAGE, PAYMENT_PROCESSED_MESSAGE } from './core.ts';
export { allowedPaymentsFor } from './allowed.ts';
export { handleNotification, PAYMENT_NOT_FOUND } from './notifications.ts';
export { CARD_NOT_FOUND, listCards, removeCard, toSavedCard } from './saved-cards.ts';

/**
 * POST v1/nuvei/init without an order (/add-card): a zero-amount verification of a fresh card, then
 * it is saved (first in the list, replacing the same userPaymentOptionId). No order, nothing charged.
 * An optional capability of the card provider (verifyCard).
 */
async function saveCardWithoutPaying(deps: PaymentsDeps, userId: string, cardToken: string, cvvToken: string | undefined) {
  // The card is saved to pay with: refused, before the provider is asked, where paying by card would be.
  await assertMayPay(deps, userId, 'card');
  await assertCardTokenUsable(deps, cardToken);
  const provider = providerFor(deps, 'card');
  const verifyCard = provider.verifyCard?.bind(provider);
  if (!verifyCard) throw methodUnavailable();
  const payerName = await findAccountName(deps.db, userId);
  const source = { method: 'card' as const, cardToken, ...(cvvToken ? { cvvToken } : {}) };
  const outcome = await callProvider(deps.log, 'verifyCard', () => verifyCard({ userId, payerName, source }));
  if (outcome.status === 'declined') {
    await deps.attempts?.declined();
    throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
  }
  const card = await keepCard(deps.db, userId, outcome.card, cardToken);
  // The upsert refuses to move a card id to another shopper; that is not this shopper's card.
  if (!card) throw notFound(CARD_NOT_FOUND);
  return { transactionId: outcome.transactionId, card, paymentOption: { card: { threeD: { version: null } } }, orderStatus: null };
}

const threeD = (version: string | null) => ({ card: { threeD: { version } } });

/** POST v1/nuvei/init */
export async function initCardPayment(deps: PaymentsDeps, userId: string, body: NuveiInitBody) {
  const { db } = deps;
  if (!body.orderId) {
    // Without an order only a fresh card can be saved; a saved card is only used to pay an order.
    if (body.userPaymentOptionId) throw badRequest('Choose the order to pay with this saved card.', 'orderId');
    if (!body.cardToken) throw badRequest('Enter a card to save.', 'cardToken');
    return saveCardWithoutPaying(deps, userId, body.cardToken, body.cvvToken);
  }
  const orderId = body.orderId;
  if (!body.cardToken === !body.userPaymentOptionId) throw badRequest('Send either a cardToken or a userPaymentOptionId.', 'cardToken');
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
        paymentOption: threeD(result.action.kind === 'fingerprint' ? result.action.threeDVersion : null),
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

/** POST v1/nuvei/payment/first */
export async function payFirst(deps: PaymentsDeps, userId: string, body: PaymentFirstBody) {
  const payment = await repo.findUserPayment(deps.db, userId, body.orderId, body.relatedTransactionId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const inProviderCall = payment.status === 'initiated' && payment.transactionId.startsWith('local:');
  if (inProviderCall) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  if (payment.status !== 'initiated' || payment.transactionId !== body.relatedTransactionId) throw conflict(PAYMENT_PROCESSED_MESSAGE);
  const source = cardForPaymentFirst(payment, body);
  const result = await confirmPayment(deps, { userId, payment, source, threeDVersion: body.version });
  if (result.status === 'approved')
    return { redirect: false, transactionId: result.transactionId, card: result.card, orderStatus: result.orderStatus };
  // A page the shopper must go to (the issuer's challenge); anything else waits on a notification.
  const url = result.status === 'action' && 'url' in result.action ? result.action.url : undefined;
  if (url) return { redirect: true, url, transactionId: result.transactionId, orderStatus: 'pending' as OrderStatus };
  return { redirect: false, transactionId: result.transactionId, orderStatus: 'pending' as OrderStatus };
}
