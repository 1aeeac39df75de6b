// A verified webhook event taken once (ADR 036, 044): the one claim, then the core's handling of what the
// event says, then the claim finished, or released or kept per the family's policy. The families' webhook
// routes read and verify a delivery with their provider's parseWebhook and hand the event here, so the claim
// → handle → finish sequence is written once; the families' answers (a stale signature's status, a refusal
// kept or released, a duplicate's answer) stay theirs, as options and as the AppErrors their parseWebhook throws.
import { conflict } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import type { WebhookEventPolicy, WebhookEventResult } from '../../providers/payments/core-port.ts';
import type { PaymentProvider, VerifiedWebhookEvent } from '@store/server-kit';
import { DECLINE_WEIGHT } from './card-attempts.ts';
import type { PaymentsDeps } from './deps.ts';
import { handleNotification } from './notifications.ts';
import { findPayment, updatePayment } from './repository.ts';
import { claimWebhookEvent, finishWebhookEvent, releaseWebhookEvent } from './webhook-events.ts';

/**
 * A card declined in the provider's own page in a session of one of our attempts (the embedded checkout).
 * The store never saw that card, so it weighs a whole decline on the shopper and on the address the session
 * was opened from, as a decline on any other path does (ADR 031); over the limit, the shopper is held at the
 * provider too (where it can hold them). False when it is about no attempt of this provider's (or one recorded
 * under another transaction).
 */
async function countCardDeclinedAtProvider(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  declined: NonNullable<VerifiedWebhookEvent['cardDeclined']>,
): Promise<boolean> {
  const payment = await findPayment(deps.db, declined.paymentId);
  if (!payment || payment.method !== 'embedded_checkout' || payment.provider !== provider.name) return false;
  if (declined.transactionId !== null && payment.transactionId !== declined.transactionId) return false;
  await deps.cardLimits?.of({ userId: payment.userId, address: payment.clientAddress }).declined(DECLINE_WEIGHT);
  return true;
}

/**
 * A payment of one of our attempts started in the provider's page and settles later (a bank debit in the
 * embedded checkout): the attempt moves to 'pending', so its order's reservations stay and the shopper sees
 * it settling (ADR 011); the settlement's approval or decline then moves it on. Only from a waiting state: an
 * attempt already decided stays as it is. False when it is about no waiting attempt of this provider's.
 */
async function markSettling(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  settling: NonNullable<VerifiedWebhookEvent['settling']>,
): Promise<boolean> {
  const payment = await findPayment(deps.db, settling.paymentId);
  if (!payment || payment.provider !== provider.name || payment.transactionId !== settling.transactionId) return false;
  return updatePayment(deps.db, payment.id, ['initiated', 'challenge'], { status: 'pending' });
}

export async function takeWebhookEvent(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  event: VerifiedWebhookEvent,
  policy: WebhookEventPolicy,
  now = new Date(),
): Promise<WebhookEventResult> {
  const webhook = provider.webhook;
  const log = deps.log.child({ webhook, eventId: event.eventId, eventType: event.type });
  const claim = await claimWebhookEvent(deps.db, webhook, event.eventId, event.type, now);
  if (claim === 'done' || (claim === 'processing' && policy.whileProcessing === 'replay')) {
    log.info(`${webhook} event already taken: replay ignored`);
    return 'replay';
  }
  if (claim === 'processing') throw conflict('This notification is being handled.');

  try {
    let result: WebhookEventResult;
    if (event.cardDeclined) {
      result = (await countCardDeclinedAtProvider(deps, provider, event.cardDeclined)) ? 'handled' : 'ignored';
      if (result === 'ignored') log.info(`card decline at the ${webhook} page about no attempt of ours: acknowledged`);
    } else if (event.settling) {
      result = (await markSettling(deps, provider, event.settling)) ? 'handled' : 'ignored';
      if (result === 'ignored') log.info(`settling payment at the ${webhook} page about no waiting attempt of ours: acknowledged`);
    } else if (event.notification) {
      await handleNotification({ ...deps, log }, webhook, event.notification);
      result = 'handled';
    } else {
      log.info(`${webhook} event about nothing the store records: acknowledged`);
      result = 'ignored';
    }
    await finishWebhookEvent(deps.db, webhook, event.eventId);
    return result;
  } catch (err) {
    // Answered for good (an approval the order could not take, refunded): the provider need not retry.
    if (policy.onFailure === 'keep-refusals' && err instanceof AppError && err.statusCode !== 404) {
      log.warn({ status: err.statusCode, err: err.message }, `${webhook} event handled with a refusal`);
      await finishWebhookEvent(deps.db, webhook, event.eventId);
      return 'handled';
    }
    // Not ours yet (the payment's answer is not recorded yet), or our fault: the next delivery is taken afresh.
    await releaseWebhookEvent(deps.db, webhook, event.eventId);
    throw err;
  }
}
