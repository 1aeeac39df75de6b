// Payments' steps in the pay-an-order workflow's transactions (workflows/pay-order, issue 25), taken with
// the order row locked by checkout in the same transaction: the approval takes that lock too, so what
// these check and write cannot interleave with an approval of the order.
import { conflict } from '@store/server-kit';
import type { Tx } from '../../db/client.ts';
import * as repo from './repository.ts';

export const PAYMENT_IN_PROGRESS_MESSAGE = 'A payment for this order is already in progress.';
export const ORDER_ALREADY_PAID_MESSAGE = 'This order is already paid.';

/**
 * Step 2 follows step 1 at once in the browser (the 3-D Secure fingerprint takes seconds): an attempt
 * still waiting for it after this long was left, and a new init may supersede it (ADR 005).
 */
export const INITIATED_ABANDONED_MS = 2 * 60_000;

/** 409 when an approved payment already paid the order. */
export async function assertOrderUnpaid(tx: Tx, orderId: string): Promise<void> {
  if (await repo.hasApprovedPayment(tx, orderId)) throw conflict(ORDER_ALREADY_PAID_MESSAGE);
}

/**
 * Records the order's new attempt: attempts the shopper left waiting are superseded first; 409 when another
 * is in a provider call, has just answered step 1 (step 2 follows), or is settling.
 */
export async function openAttempt(tx: Tx, attempt: repo.NewPaymentRow): Promise<void> {
  await repo.supersedeWaitingAttempts(tx, attempt.orderId, new Date(Date.now() - INITIATED_ABANDONED_MS));
  if (!(await repo.insertPaymentIfNoneInFlight(tx, attempt))) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
}

/**
 * Takes the attempt for its next provider call: step 2 of an initiated one ('confirm'), or the final payment
 * of one waiting on its challenge ('challenge'). Exactly one request takes it; undefined for the others.
 */
export function claimAttempt(tx: Tx, payment: repo.PaymentRow, step: 'confirm' | 'challenge'): Promise<repo.PaymentRow | undefined> {
  return step === 'confirm'
    ? repo.claimForPaymentStep(tx, payment.id, payment.transactionId)
    : repo.claimChallenged(tx, payment.id, payment.transactionId);
}
