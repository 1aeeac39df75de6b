// Card payment, the three steps of SPEC §4: init (approved at once, or 3-D Secure needed), the first
// payment with the 3-D version (approved, or a challenge page), and the provider's notification with
// the challenge's result. ORDERS reserves stock before any charge and fulfils on approval.
import type { FastifyBaseLogger } from 'fastify';
import type { NuveiInitBody, PaymentFirstBody, SavedCard } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { prepareOrderForPayment, recordPaymentApproved, recordPaymentFailed } from '../checkout/service.ts';
import { findOrder } from '../checkout/repository.ts';
import { DECLINE_MESSAGES, type Approved, type CardSource, type Declined, type PaymentNotification, type PaymentProvider, type ProviderCard } from '../../providers/payments/types.ts';
import * as repo from './repository.ts';

export const CARD_NOT_FOUND = 'Card not found.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';

type OrderStatus = Awaited<ReturnType<typeof recordPaymentApproved>>;

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

export const toSavedCard = (row: Pick<repo.SavedCardRow, 'id' | 'brand' | 'last4' | 'expMonth' | 'expYear'>): SavedCard => ({
  userPaymentOptionId: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  provider: 'nuvei',
});

const cardView = (card: ProviderCard): SavedCard => toSavedCard({ id: card.userPaymentOptionId, ...card });

/** Provider faults are not the shopper's: a clear 502, details only in our log. */
async function callProvider<T>(log: FastifyBaseLogger, step: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : String(err), step }, 'payment provider call failed');
    throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment service is not answering. Please try again.');
  }
}

async function declineOrder({ db }: PaymentsDeps, payment: repo.PaymentRow, outcome: Declined): Promise<never> {
  await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], { transactionId: outcome.transactionId || payment.transactionId, status: 'declined', declineReason: outcome.reason });
  await recordPaymentFailed(db, payment.orderId, DECLINE_MESSAGES[outcome.code]);
  throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
}

/**
 * Money was taken for an order that no longer wants it (canceled or failed while the shopper was at
 * the bank, or already paid by another attempt): give it back at once.
 */
async function refundOrphan({ db, provider, log }: PaymentsDeps, payment: repo.PaymentRow, transactionId: string): Promise<void> {
  try {
    const outcome = await provider.refund({ orderId: payment.orderId, transactionId, amountCents: payment.amountCents, currency: 'USD' });
    if (outcome.status === 'refunded') {
      await repo.updatePayment(db, payment.id, ['initiated', 'challenge', 'approved'], { status: 'refunded' });
      log.warn({ paymentId: payment.id, orderId: payment.orderId }, 'refunded a payment approved for an order that could not take it');
      return;
    }
    log.error({ paymentId: payment.id, reason: outcome.reason }, 'refund of an orphaned payment was refused');
  } catch (err) {
    log.error({ paymentId: payment.id, err: err instanceof Error ? err.message : String(err) }, 'refund of an orphaned payment failed');
  }
}

/** The approval is recorded, the card saved when asked (or when a saved card paid), then ORDERS fulfils. */
async function approve(deps: PaymentsDeps, payment: repo.PaymentRow, card: ProviderCard | null, transactionId: string): Promise<{ card?: SavedCard; orderStatus: OrderStatus }> {
  const { db } = deps;
  let orderStatus: OrderStatus;
  try {
    orderStatus = await recordPaymentApproved(db, payment.orderId, payment.id);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'ORDER_STATE')) throw err;
    await refundOrphan(deps, payment, transactionId);
    throw new AppError(409, 'ORDER_STATE', 'This order can no longer be paid. The payment has been refunded.');
  }
  const order = await findOrder(db, payment.orderId);
  if (order?.paymentId && order.paymentId !== payment.id) {
    await refundOrphan(deps, payment, transactionId);
    throw conflict('This order was already paid. This payment has been refunded.');
  }
  let saved: SavedCard | undefined;
  if (card) {
    saved = cardView(card);
    if (payment.saveCard || payment.userPaymentOptionId) {
      const row = await repo.upsertSavedCard(db, {
        id: card.userPaymentOptionId,
        userId: payment.userId,
        provider: 'nuvei',
        vaultToken: card.vaultToken || payment.cardToken || '',
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      });
      if (row) saved = toSavedCard(row);
    }
  }
  return { card: saved, orderStatus };
}

async function settle(deps: PaymentsDeps, payment: repo.PaymentRow, outcome: Approved, from: repo.PaymentRow['status'][]) {
  await repo.updatePayment(deps.db, payment.id, from, { transactionId: outcome.transactionId, status: 'approved', threeDVersion: outcome.threeDVersion });
  return approve(deps, payment, outcome.card, outcome.transactionId);
}

/**
 * POST v1/nuvei/init without an order (/add-card): a zero-amount verification of a fresh card, then
 * it is saved (first in the list, replacing the same userPaymentOptionId). No order, nothing charged.
 */
async function saveCardWithoutPaying(deps: PaymentsDeps, userId: string, cardToken: string) {
  const outcome = await callProvider(deps.log, 'verifyCard', () => deps.provider.verifyCard({ userId, card: { kind: 'token', cardToken } }));
  if (outcome.status === 'declined') throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
  const { card } = outcome;
  const row = await repo.upsertSavedCard(deps.db, {
    id: card.userPaymentOptionId,
    userId,
    provider: 'nuvei',
    vaultToken: card.vaultToken || cardToken,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
  // The upsert refuses to move a card id to another shopper; that is not this shopper's card.
  if (!row) throw notFound(CARD_NOT_FOUND);
  return { transactionId: outcome.transactionId, card: toSavedCard(row), paymentOption: { card: { threeD: { version: null } } }, orderStatus: null };
}

/** POST v1/nuvei/init */
export async function initCardPayment(deps: PaymentsDeps, userId: string, body: NuveiInitBody) {
  const { db, provider } = deps;
  if (!body.orderId) {
    // Without an order only a fresh card can be saved; a saved card is only used to pay an order.
    if (body.userPaymentOptionId) throw badRequest('Choose the order to pay with this saved card.', 'orderId');
    if (!body.cardToken) throw badRequest('Enter a card to save.', 'cardToken');
    return saveCardWithoutPaying(deps, userId, body.cardToken);
  }
  const orderId = body.orderId;
  if (!body.cardToken === !body.userPaymentOptionId) throw badRequest('Send either a cardToken or a userPaymentOptionId.', 'cardToken');
  let card: CardSource;
  if (body.userPaymentOptionId) {
    const saved = await repo.findSavedCard(db, userId, body.userPaymentOptionId);
    if (!saved) throw notFound(CARD_NOT_FOUND);
    if (!body.cvvToken) throw badRequest('Enter the CVV of the saved card.', 'cvvToken');
    card = { kind: 'saved', userPaymentOptionId: saved.id, vaultToken: saved.vaultToken, cvvToken: body.cvvToken };
  } else {
    card = { kind: 'token', cardToken: body.cardToken! };
  }

  // Ownership, pending status, gift-card codes and coupon reserved before any charge.
  const order = await prepareOrderForPayment(db, userId, orderId);
  if (await repo.hasApprovedPayment(db, order._id)) throw conflict('This order is already paid.');
  const paymentId = newId();
  const placeholder = `local:${paymentId}`;
  const inserted = await repo.insertPaymentIfNoneInFlight(db, {
    id: paymentId,
    orderId: order._id,
    userId,
    provider: provider.name,
    transactionId: placeholder,
    status: 'initiated',
    amountCents: order.total,
    cardToken: card.kind === 'token' ? card.cardToken : card.vaultToken,
    userPaymentOptionId: card.kind === 'saved' ? card.userPaymentOptionId : null,
    saveCard: body.saveCard ?? false,
  });
  if (!inserted) throw conflict('A payment for this order is already in progress.');
  const payment = (await repo.findPaymentByTransaction(db, placeholder))!;

  const request = { orderId: order._id, userId, amountCents: order.total, currency: 'USD' as const, card };
  let outcome;
  try {
    outcome = await callProvider(deps.log, 'init', () => provider.init(request));
  } catch (err) {
    await repo.updatePayment(db, payment.id, ['initiated'], { status: 'failed', declineReason: 'provider unavailable' });
    throw err;
  }
  if (outcome.status === 'declined') return declineOrder(deps, payment, outcome);
  if (outcome.status === 'approved') {
    const { card: savedCard, orderStatus } = await settle(deps, payment, outcome, ['initiated']);
    return { transactionId: outcome.transactionId, card: savedCard, paymentOption: { card: { threeD: { version: outcome.threeDVersion } } }, orderStatus };
  }
  await repo.updatePayment(db, payment.id, ['initiated'], { transactionId: outcome.transactionId, threeDVersion: outcome.threeDVersion });
  return { transactionId: outcome.transactionId, paymentOption: { card: { threeD: { version: outcome.threeDVersion } } }, orderStatus: 'pending' as OrderStatus };
}

/** POST v1/nuvei/payment/first */
export async function payFirst(deps: PaymentsDeps, userId: string, body: PaymentFirstBody) {
  const { db, provider } = deps;
  const payment = await repo.findUserPayment(db, userId, body.orderId, body.relatedTransactionId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== 'initiated' || payment.transactionId.startsWith('local:')) throw conflict('This payment has already been processed.');
  const card: CardSource = payment.userPaymentOptionId
    ? { kind: 'saved', userPaymentOptionId: payment.userPaymentOptionId, vaultToken: payment.cardToken ?? '', cvvToken: '' }
    : { kind: 'token', cardToken: payment.cardToken ?? '' };
  const outcome = await callProvider(deps.log, 'payment', () =>
    provider.payFirst({ orderId: payment.orderId, userId, amountCents: payment.amountCents, currency: 'USD', card, relatedTransactionId: payment.transactionId, threeDVersion: body.version }),
  );
  if (outcome.status === 'declined') return declineOrder(deps, payment, outcome);
  if (outcome.status === 'approved') {
    const { card: savedCard, orderStatus } = await settle(deps, { ...payment, relatedTransactionId: payment.transactionId }, outcome, ['initiated']);
    return { redirect: false, transactionId: outcome.transactionId, card: savedCard, orderStatus };
  }
  const moved = await repo.updatePayment(db, payment.id, ['initiated'], {
    transactionId: outcome.transactionId,
    relatedTransactionId: payment.transactionId,
    status: 'challenge',
    threeDVersion: body.version,
  });
  if (!moved) throw conflict('This payment has already been processed.');
  return { redirect: true, url: outcome.challengeUrl, transactionId: outcome.transactionId, orderStatus: 'pending' as OrderStatus };
}

/** The provider's verified notification (the 3-D Secure result). Repeats are harmless. */
export async function handleNotification(deps: PaymentsDeps, notification: PaymentNotification): Promise<void> {
  const { db } = deps;
  const payment = await repo.findPaymentByTransaction(db, notification.transactionId);
  if (!payment || payment.orderId !== notification.orderId) throw notFound(PAYMENT_NOT_FOUND);
  if (notification.status === 'approved') {
    // Only one delivery moves the payment; every delivery makes sure the order is fulfilled.
    await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], { status: 'approved' });
    if (payment.status === 'declined' || payment.status === 'failed') {
      deps.log.error({ paymentId: payment.id }, 'approval notified for a payment recorded as declined');
    }
    await approve(deps, payment, notification.card, notification.transactionId);
    return;
  }
  const moved = await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], { status: 'declined', declineReason: notification.reason });
  if (moved) await recordPaymentFailed(db, payment.orderId, DECLINE_MESSAGES[notification.code]);
}

export async function listCards(db: Db, userId: string): Promise<SavedCard[]> {
  return (await repo.listSavedCards(db, userId)).map(toSavedCard);
}

export async function removeCard(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteSavedCard(db, userId, id))) throw notFound(CARD_NOT_FOUND);
}
