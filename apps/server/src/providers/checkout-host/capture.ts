// The merchant's capture of an authOnly session (POST /api/merchants/:merchantId/sessions/:sessionId/capture):
// the card provider settles the authorisation the session's card payment made (Nuvei's settleTransaction,
// relatedTransactionId the authorisation), and the session becomes paid with the usual payment.approved
// webhook, in one transaction. Only an 'authorized' session is captured (409 otherwise: a capture twice, or of a
// session never authorised). No claim is taken before the provider is asked: the provider settles an
// authorisation once and refuses a second settle, so of two captures racing one takes the money, and a capture
// that fails at the provider leaves the session authorised for the merchant to try again.
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { CaptureOutcome } from '../payments/types.ts';
import type { CheckoutHostContext } from './context.ts';
import * as repo from './repository.ts';
import { effectiveStatus, merchantView, successInfo } from './session-views.ts';

export function createCapture(ctx: CheckoutHostContext) {
  const { db, log, onEvent } = ctx;

  const notAuthorized = (session: repo.SessionRow) =>
    conflict(
      session.status === 'paid' || session.status === 'refunded'
        ? 'This session is already captured.'
        : `This session is ${effectiveStatus(session)}, not authorized: there is nothing to capture.`,
      'sessionId',
    );

  async function capture(merchantId: string, sessionId: string) {
    const session = await repo.findSession(db, sessionId);
    if (!session || session.merchantId !== merchantId) throw notFound('No such session.');
    if (session.status !== 'authorized') throw notAuthorized(session);
    const provider = ctx.cardProvider();
    const attempt = await repo.latestCardAttempt(db, session.id);
    if (!provider?.capture || attempt?.status !== 'approved' || !session.cardTransactionId)
      throw new AppError(503, 'CAPTURE_UNAVAILABLE', 'The card payment cannot be captured right now.');
    let outcome: CaptureOutcome;
    try {
      outcome = await provider.capture({
        paymentId: attempt.id,
        orderId: session.id,
        transactionId: session.cardTransactionId,
        amountCents: session.amountCents,
        currency: 'USD',
      });
    } catch (err) {
      log.warn({ err, sessionId }, 'checkout capture failed at the provider; the session stays authorized');
      throw new AppError(502, 'CAPTURE_UNAVAILABLE', 'The capture could not be completed. Try again.');
    }
    if (outcome.status === 'declined') {
      // A capture racing this one took it: the provider refused the second settle.
      const now = (await repo.findSession(db, session.id))!;
      if (now.status !== 'authorized') throw notAuthorized(now);
      throw new AppError(422, 'CAPTURE_DECLINED', `The card provider declined the capture: ${outcome.reason}`, 'sessionId');
    }
    const captured = outcome;
    const paid = await db.transaction(async (tx) => {
      const row = await repo.moveSession(tx, session.id, ['authorized'], {
        status: 'paid',
        // The settle is what took the money: a refund relates to it.
        cardTransactionId: captured.transactionId,
        paidAt: new Date(),
      });
      if (row) await repo.insertOutbox(tx, row, 'payment.approved', successInfo(row));
      return row;
    });
    if (!paid) throw notAuthorized((await repo.findSession(db, session.id))!);
    onEvent();
    return merchantView(paid);
  }

  return { capture };
}
