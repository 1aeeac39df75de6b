// Card payment, the three steps of SPEC §4: init (approved at once, or 3-D Secure needed), the first
// payment with the 3-D version (approved, or a challenge page), and the provider's notification with
// the challenge's result (notifications.ts). ORDERS reserves stock before any charge and fulfils on
// approval (approval.ts); what a crash leaves unfinished is reconciled (reconcile.ts).
import type { NuveiInitBody, OrderStatus, PaymentFirstBody } from '@store/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { prepareOrderForPayment, recordPaymentFailed, withPendingOrder } from '../checkout/index.ts';
import { DECLINE_MESSAGES, type CardSource, type Declined, type InitOutcome, type PaymentRequest } from '../../providers/payments/types.ts';
import { approve } from './approval.ts';
import { crashPoint } from './crash-points.ts';
import { callProvider, type PaymentsDeps } from './deps.ts';
import { PAYMENT_NOT_FOUND } from './notifications.ts';
import { reconcileInFlight } from './reconcile.ts';
import * as repo from './repository.ts';
import { CARD_NOT_FOUND, keepCard } from './saved-cards.ts';

export type { PaymentsDeps } from './deps.ts';
export { handleNotification, PAYMENT_NOT_FOUND } from './notifications.ts';
export { CARD_NOT_FOUND, listCards, removeCard, toSavedCard } from './saved-cards.ts';

export const PAYMENT_PROCESSED_MESSAGE = 'This payment has already been processed.';
export const PAYMENT_IN_PROGRESS_MESSAGE = 'A payment for this order is already in progress.';

/**
 * Step 2 follows step 1 at once in the browser (the 3-D Secure fingerprint takes seconds): an attempt
 * still waiting for it after this long was left, and a new init may supersede it (ADR 005).
 */
export const INITIATED_ABANDONED_MS = 2 * 60_000;

async function declineOrder({ db, attempts }: PaymentsDeps, payment: repo.PaymentRow, outcome: Declined): Promise<never> {
  await attempts?.declined();
  await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], {
    transactionId: outcome.transactionId || payment.transactionId,
    status: 'declined',
    declineReason: outcome.reason,
  });
  await recordPaymentFailed(db, payment.orderId, DECLINE_MESSAGES[outcome.code]);
  throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
}

/**
 * A provider call that failed may still have charged (a timeout after the provider approved): the
 * provider is asked at once and its answer recorded; what it cannot tell yet is left to the periodic
 * reconciliation. The shopper gets the 502 either way.
 */
async function callOrReconcile<T>(deps: PaymentsDeps, payment: repo.PaymentRow, step: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await callProvider(deps.log, step, fn);
  } catch (err) {
    await reconcileInFlight(deps, payment).catch((lookupErr: unknown) =>
      deps.log.error(
        { paymentId: payment.id, err: lookupErr instanceof Error ? lookupErr.message : String(lookupErr) },
        'lookup after a failed provider call failed; left for reconciliation',
      ),
    );
    throw err;
  }
}

/**
 * POST v1/nuvei/init without an order (/add-card): a zero-amount verification of a fresh card, then
 * it is saved (first in the list, replacing the same userPaymentOptionId). No order, nothing charged.
 */
async function saveCardWithoutPaying(deps: PaymentsDeps, userId: string, cardToken: string) {
  const outcome = await callProvider(deps.log, 'verifyCard', () =>
    deps.provider.verifyCard({ userId, card: { kind: 'token', cardToken } }),
  );
  if (outcome.status === 'declined') {
    await deps.attempts?.declined();
    throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
  }
  const card = await keepCard(deps.db, userId, outcome.card, cardToken);
  // The upsert refuses to move a card id to another shopper; that is not this shopper's card.
  if (!card) throw notFound(CARD_NOT_FOUND);
  return { transactionId: outcome.transactionId, card, paymentOption: { card: { threeD: { version: null } } }, orderStatus: null };
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

  // Ownership, pending status, gift-card codes and coupon reserved before any charge; the attempt is
  // written with the order locked, so no approval of the order can slip between the checks and it.
  const paymentId = newId();
  const order = await prepareOrderForPayment(db, userId, orderId, async (tx, locked) => {
    if (await repo.hasApprovedPayment(tx, orderId)) throw conflict('This order is already paid.');
    await repo.supersedeWaitingAttempts(tx, orderId, new Date(Date.now() - INITIATED_ABANDONED_MS));
    const inserted = await repo.insertPaymentIfNoneInFlight(tx, {
      id: paymentId,
      orderId,
      userId,
      provider: provider.name,
      // The placeholder marks the provider call in flight until its answer is written.
      transactionId: `local:${paymentId}`,
      status: 'initiated',
      amountCents: locked.totalCents,
      cardToken: card.kind === 'token' ? card.cardToken : card.vaultToken,
      userPaymentOptionId: card.kind === 'saved' ? card.userPaymentOptionId : null,
      saveCard: body.saveCard ?? false,
    });
    // Another attempt is in a provider call or has just answered step 1 (step 2 follows).
    if (!inserted) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  });
  const payment = (await repo.findPayment(db, paymentId))!;

  const request: PaymentRequest = { paymentId, orderId: order._id, userId, amountCents: payment.amountCents, currency: 'USD', card };
  const outcome: InitOutcome = await callOrReconcile(deps, payment, 'init', () => provider.init(request));
  crashPoint('after-provider-call');
  const threeD = (version: string | null) => ({ card: { threeD: { version } } });
  if (outcome.status === 'declined') return declineOrder(deps, payment, outcome);
  if (outcome.status === 'approved') {
    const { card: savedCard, orderStatus } = await approve(deps, payment, outcome);
    // §4 step 1: card data only when the card was kept; a paid order ends the flow without it.
    return { transactionId: outcome.transactionId, card: savedCard, paymentOption: threeD(outcome.threeDVersion), orderStatus };
  }
  await repo.updatePayment(db, payment.id, ['initiated'], { transactionId: outcome.transactionId, threeDVersion: outcome.threeDVersion });
  return { transactionId: outcome.transactionId, paymentOption: threeD(outcome.threeDVersion), orderStatus: 'pending' as OrderStatus };
}

/**
 * The card of step 2 must be the one the payment was started with. A body without card fields goes
 * on with the recorded card (a fresh card needs nothing more); a saved card needs its CVV token again,
 * since no CVV is ever stored.
 */
function cardForPaymentFirst(payment: repo.PaymentRow, body: PaymentFirstBody): CardSource {
  const mismatch = (field: string, what: string) =>
    new AppError(409, 'PAYMENT_MISMATCH', `This is not the ${what} this payment was started with.`, field);
  if (body.saveCard !== undefined && body.saveCard !== payment.saveCard) throw mismatch('saveCard', 'choice to save the card');
  if (payment.userPaymentOptionId) {
    if (body.cardToken) throw mismatch('cardToken', 'card');
    if (body.userPaymentOptionId !== undefined && body.userPaymentOptionId !== payment.userPaymentOptionId)
      throw mismatch('userPaymentOptionId', 'saved card');
    if (!body.cvvToken) throw badRequest('Enter the CVV of the saved card.', 'cvvToken');
    return {
      kind: 'saved',
      userPaymentOptionId: payment.userPaymentOptionId,
      vaultToken: payment.cardToken ?? '',
      cvvToken: body.cvvToken,
    };
  }
  if (body.userPaymentOptionId) throw mismatch('userPaymentOptionId', 'card');
  if (body.cardToken !== undefined && body.cardToken !== payment.cardToken) throw mismatch('cardToken', 'card');
  return { kind: 'token', cardToken: payment.cardToken ?? '' };
}

/**
 * Takes the initiated payment for its step-2 provider call, with its order locked and still pending:
 * exactly one request wins; any other, and any for an order an approval has meanwhile paid, gets 409
 * before the provider is called.
 */
async function claimForPaymentStep(db: PaymentsDeps['db'], userId: string, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  let claimed: repo.PaymentRow | undefined;
  await withPendingOrder(db, userId, payment.orderId, async (tx) => {
    claimed = await repo.claimForPaymentStep(tx, payment.id, payment.transactionId);
  });
  if (!claimed) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  return claimed;
}

/** POST v1/nuvei/payment/first */
export async function payFirst(deps: PaymentsDeps, userId: string, body: PaymentFirstBody) {
  const { db, provider } = deps;
  const payment = await repo.findUserPayment(db, userId, body.orderId, body.relatedTransactionId);
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const inProviderCall = payment.status === 'initiated' && payment.transactionId.startsWith('local:');
  if (inProviderCall) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  if (payment.status !== 'initiated' || payment.transactionId !== body.relatedTransactionId) throw conflict(PAYMENT_PROCESSED_MESSAGE);
  const card = cardForPaymentFirst(payment, body);
  const claimed = await claimForPaymentStep(db, userId, payment);
  const outcome = await callOrReconcile(deps, claimed, 'payment', () =>
    provider.payFirst({
      paymentId: payment.id,
      orderId: payment.orderId,
      userId,
      amountCents: payment.amountCents,
      currency: 'USD',
      card,
      relatedTransactionId: payment.transactionId,
      threeDVersion: body.version,
    }),
  );
  // Declined without a transaction of its own, the payment keeps its init's id rather than the placeholder.
  if (outcome.status === 'declined') return declineOrder(deps, payment, outcome);
  if (outcome.status === 'approved') {
    const { card: savedCard, orderStatus } = await approve(deps, claimed, outcome);
    return { redirect: false, transactionId: outcome.transactionId, card: savedCard, orderStatus };
  }
  const moved = await repo.updatePayment(db, payment.id, ['initiated'], {
    transactionId: outcome.transactionId,
    relatedTransactionId: payment.transactionId,
    status: 'challenge',
    threeDVersion: body.version,
  });
  if (!moved) throw conflict(PAYMENT_PROCESSED_MESSAGE);
  return { redirect: true, url: outcome.challengeUrl, transactionId: outcome.transactionId, orderStatus: 'pending' as OrderStatus };
}
