// The provider-neutral steps of a payment attempt (ADR 009), shared by every provider: start (the
// order's one attempt is written with the order locked, then the provider is asked), confirm (after
// the shopper's action; the attempt is claimed first, so one request reaches the provider), and the
// recording of what a step answered. Whatever the provider, the outcome means the same here:
//   approved  recorded with the order's move to 'paid', then fulfilled (approval.ts)
//   declined  the attempt is declined, the order fails with the decline's message, 402
//   pending   the money has not settled: the attempt waits in 'pending' for a notification or a lookup
//   action    the shopper must act: a fingerprint keeps the attempt 'initiated' (the browser confirms at
//             once); a challenge, a redirect or the provider's script put it in 'challenge' (the
//             shopper is away, and a new attempt may supersede it, ADR 005)
// The routes of each provider's API map the result onto their own responses (service.ts: the card API).
import { conflict } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { PAYMENT_IN_PROGRESS_MESSAGE } from './attempts.ts';
import { findAccountName } from '../user/index.ts';
import type { StartInput, StepResult } from '../../providers/payments/core-port.ts';
import { payerIfComplete } from './payer.ts';
import {
  DECLINE_MESSAGES,
  type ActionNeeded,
  type BrowserDetails,
  type ConfirmRequest,
  type Payer,
  type Declined,
  type Pending,
  type PaymentOutcome,
  type PaymentRequest,
  type PaymentSource,
  sourceColumns,
} from '@store/server-kit';
import { assertMayPay } from './allowed.ts';
import { approve } from './approval.ts';
import { crashPoint } from './crash-points.ts';
import { callProvider, providerFor, providerOf, providerToContinue, type PaymentsDeps } from './deps.ts';
import { reconcileInFlight } from './reconcile.ts';
import * as repo from './repository.ts';

export const PAYMENT_PROCESSED_MESSAGE = 'This payment has already been processed.';
export { INITIATED_ABANDONED_MS, PAYMENT_IN_PROGRESS_MESSAGE } from './attempts.ts';

async function declineOrder({ db, attempts, payOrder }: PaymentsDeps, payment: repo.PaymentRow, outcome: Declined): Promise<never> {
  await attempts?.declined();
  await repo.updatePayment(db, payment.id, ['initiated', 'challenge'], {
    transactionId: outcome.transactionId || payment.transactionId,
    status: 'declined',
    declineReason: outcome.reason,
  });
  await payOrder.failOrder(db, payment.orderId, DECLINE_MESSAGES[outcome.code]);
  throw new AppError(402, outcome.code, DECLINE_MESSAGES[outcome.code]);
}

/**
 * A provider call that failed may still have charged (a timeout after the provider approved): the
 * provider is asked at once and its answer recorded; what it cannot tell yet is left to the periodic
 * reconciliation. The shopper gets the 502 either way.
 */
async function callOrReconcile<T>(deps: PaymentsDeps, payment: repo.PaymentRow, step: string, fn: () => Promise<T>): Promise<T> {
  try {
    const answer = await callProvider(deps.log, step, fn);
    deps.providers.reportCall(payment.provider, true);
    return answer;
  } catch (err) {
    deps.providers.reportCall(payment.provider, false);
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
 * The attempt waits: for its money to settle, or for the shopper. Moves on only from 'initiated' (the
 * step's own claim); false when something else (reconciliation, a notification) got there first.
 */
function recordWaiting(
  { db }: PaymentsDeps,
  payment: repo.PaymentRow,
  outcome: Pending | ActionNeeded,
  step: Partial<Pick<repo.NewPaymentRow, 'relatedTransactionId' | 'threeDVersion'>>,
): Promise<boolean> {
  const patch: Partial<repo.NewPaymentRow> = { transactionId: outcome.transactionId, ...step };
  if (outcome.status === 'pending') patch.status = 'pending';
  else if (outcome.action.kind === 'fingerprint') patch.threeDVersion = outcome.action.threeDVersion;
  else patch.status = 'challenge';
  return repo.updatePayment(db, payment.id, ['initiated'], patch);
}

const waiting = (outcome: Pending | ActionNeeded): StepResult =>
  outcome.status === 'pending'
    ? { status: 'pending', transactionId: outcome.transactionId, orderStatus: 'pending' }
    : { status: 'action', transactionId: outcome.transactionId, action: outcome.action, orderStatus: 'pending' };

/**
 * Records an approval or a decline the same way after either step. `payment` is the row as the step
 * found it: a decline without a transaction of its own keeps its id; `claimed` is the row the approval
 * is recorded for.
 */
async function settle(
  deps: PaymentsDeps,
  payment: repo.PaymentRow,
  claimed: repo.PaymentRow,
  outcome: PaymentOutcome & { status: 'approved' | 'declined' },
): Promise<StepResult> {
  if (outcome.status === 'declined') return declineOrder(deps, payment, outcome);
  const { card, orderStatus } = await approve(deps, claimed, outcome);
  return { status: 'approved', transactionId: outcome.transactionId, threeDVersion: outcome.threeDVersion ?? null, card, orderStatus };
}

/**
 * The payer a provider must be told of (ADR 037, 039): the profile's names, e-mail and billing country,
 * and the address the shopper's request came from (or, for a later step, the one the attempt came from;
 * else the last sign-in's). Undefined when the profile lacks one: the provider that needs it refuses.
 */
function payerOf(deps: PaymentsDeps, userId: string, fallbackAddress?: string | null): Promise<Payer | undefined> {
  return payerIfComplete(deps.db, userId, deps.attempts?.who.address ?? fallbackAddress ?? undefined);
}

/** Starts the order's payment with the provider of the source's method kind. */
export async function startPayment(deps: PaymentsDeps, { userId, orderId, source, saveCard, clientIp }: StartInput): Promise<StepResult> {
  const { db } = deps;
  // Before the order is touched: a shopper outside the whitelisted states, a method kind the settings do
  // not enable (403), or one no provider serves (400) changes nothing, whatever the client sent.
  await assertMayPay(deps, userId, source.method);
  const provider = providerFor(deps, source.method);

  // The pay-an-order workflow checks ownership and pending status, reserves the gift-card codes and the
  // coupon before any charge, and records the attempt, in one transaction with the order locked, so no
  // approval of the order can slip between the checks and it.
  const paymentId = newId();
  const order = await deps.payOrder.beginAttempt(deps, userId, orderId, {
    id: paymentId,
    userId,
    provider: provider.name,
    method: source.method,
    // The placeholder marks the provider call in flight until its answer is written.
    transactionId: `local:${paymentId}`,
    status: 'initiated',
    ...sourceColumns(source),
    saveCard,
    // A decline reported later weighs on the address the attempt came from too (ADR 031).
    clientAddress: deps.attempts?.who.address?.slice(0, 64) ?? null,
  });
  const payment = (await repo.findPayment(db, paymentId))!;

  const request: PaymentRequest = {
    paymentId,
    orderId: order._id,
    userId,
    payerName: await findAccountName(db, userId),
    amountCents: payment.amountCents,
    currency: 'USD',
    source,
    payer: await payerIfComplete(db, userId, clientIp ?? deps.attempts?.who.address ?? undefined),
  };
  const outcome = await callOrReconcile(deps, payment, 'start', () => provider.start(request));
  crashPoint('after-provider-call');
  if (outcome.status === 'approved' || outcome.status === 'declined') return settle(deps, payment, payment, outcome);
  await recordWaiting(deps, payment, outcome, {});
  return waiting(outcome);
}

/**
 * Takes the initiated payment for its step-2 provider call, with its order locked and still pending:
 * exactly one request wins; any other, and any for an order an approval has meanwhile paid, gets 409
 * before the provider is called.
 */
async function claimForConfirm(deps: PaymentsDeps, userId: string, payment: repo.PaymentRow): Promise<repo.PaymentRow> {
  const claimed = await deps.payOrder.claimAttempt(deps, userId, payment, 'confirm');
  if (!claimed) throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
  return claimed;
}

export interface ConfirmInput {
  userId: string;
  /** The shopper's initiated attempt, its step-1 answer recorded (no placeholder). */
  payment: repo.PaymentRow;
  /** The same method and card the attempt was started with. */
  source: PaymentSource;
  /** What a fingerprint action settled on. */
  threeDVersion?: string;
  /** What only the shopper's browser knows, for 3-D Secure 2. */
  browser?: BrowserDetails;
  /** Whether the browser ran the issuer's method (fingerprint) page. */
  methodCompletionInd?: ConfirmRequest['methodCompletionInd'];
}

/** Goes on with an attempt after the shopper's action, through the provider the attempt names. */
export async function confirmPayment(
  deps: PaymentsDeps,
  { userId, payment, source, threeDVersion, browser, methodCompletionInd }: ConfirmInput,
): Promise<StepResult> {
  // The rules are asked again: the state whitelist or the enabled methods may have changed since step 1.
  await assertMayPay(deps, userId, payment.method);
  const provider = providerToContinue(deps, payment);
  const claimed = await claimForConfirm(deps, userId, payment);
  const payerName = await findAccountName(deps.db, userId);
  const payer = await payerOf(deps, userId, payment.clientAddress);
  const outcome = await callOrReconcile(deps, claimed, 'confirm', () =>
    provider.confirm({
      paymentId: payment.id,
      orderId: payment.orderId,
      userId,
      payerName,
      amountCents: payment.amountCents,
      currency: 'USD',
      source,
      transactionId: payment.transactionId,
      threeDVersion,
      payer,
      ...(browser ? { browser } : {}),
      ...(methodCompletionInd ? { methodCompletionInd } : {}),
    }),
  );
  // Declined without a transaction of its own, the payment keeps its step-1 id rather than the placeholder.
  if (outcome.status === 'approved' || outcome.status === 'declined') return settle(deps, payment, claimed, outcome);
  const moved = await recordWaiting(deps, payment, outcome, { relatedTransactionId: payment.transactionId, threeDVersion });
  if (!moved) throw conflict(PAYMENT_PROCESSED_MESSAGE);
  return waiting(outcome);
}

/** How a challenged payment stands once the store's return page has done what it could (ADR 037). */
export type ChallengeEnd = 'approved' | 'declined' | 'waiting' | 'unknown';

/**
 * The issuer's challenge ended (its answer reached the store's return page): the final payment of the
 * challenged transaction, through the provider that asked for the challenge, and its outcome recorded
 * as any step's (an approval pays and fulfils the order once). Only a payment still waiting on its
 * challenge is finished, and only by the request that takes it (a second hit of the return page, or a
 * notification that got there first, finds it taken); the others answer how the payment stands.
 */
export async function completeChallenge(deps: PaymentsDeps, paymentId: string): Promise<ChallengeEnd> {
  const { db } = deps;
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) return 'unknown';
  const provider = payment.status === 'challenge' ? providerOf(deps, payment) : undefined;
  const finish = provider?.completeChallenge?.bind(provider);
  if (!finish || payment.transactionId.startsWith('local:')) return standing(payment);
  // Taken with its order locked and still pending: an order canceled, failed or paid by another attempt
  // while the shopper was at the bank is not charged at all (the final payment is never sent).
  let claimed: repo.PaymentRow | undefined;
  try {
    claimed = await deps.payOrder.claimAttempt(deps, payment.userId, payment, 'challenge');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await repo.updatePayment(db, payment.id, ['challenge'], { status: 'failed', declineReason: 'the order could no longer be paid' });
    return 'declined';
  }
  if (!claimed) return standing((await repo.findPayment(db, paymentId)) ?? payment);
  const request: ConfirmRequest = {
    paymentId: payment.id,
    orderId: payment.orderId,
    userId: payment.userId,
    payerName: await findAccountName(db, payment.userId),
    amountCents: payment.amountCents,
    currency: 'USD',
    source: challengedSource(payment),
    transactionId: payment.transactionId,
    ...(payment.threeDVersion ? { threeDVersion: payment.threeDVersion } : {}),
    payer: await payerOf(deps, payment.userId, payment.clientAddress),
  };
  const outcome = await callOrReconcile(deps, claimed, 'completeChallenge', () => finish(request));
  if (outcome.status === 'approved') {
    await settle(deps, payment, claimed, outcome);
    return 'approved';
  }
  if (outcome.status === 'declined') {
    try {
      await declineOrder(deps, payment, outcome);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 402) throw err;
    }
    return 'declined';
  }
  await recordWaiting(deps, claimed, outcome, {});
  return 'waiting';
}

function standing(payment: repo.PaymentRow): ChallengeEnd {
  if (payment.status === 'approved') return 'approved';
  if (payment.status === 'initiated' || payment.status === 'challenge' || payment.status === 'pending') return 'waiting';
  return 'declined';
}

/** The card a challenged payment was started with, as its row recorded it (no CVV: none is ever stored). */
function challengedSource(payment: repo.PaymentRow): PaymentSource {
  if (payment.method === 'saved_card' && payment.userPaymentOptionId)
    return { method: 'saved_card', userPaymentOptionId: payment.userPaymentOptionId, vaultToken: payment.cardToken ?? '', cvvToken: '' };
  return { method: 'card', cardToken: payment.cardToken ?? '' };
}
