// The merchant's capture of an authOnly session (POST /api/merchants/:merchantId/sessions/:sessionId/capture):
// the card provider settles the authorisation the session's card payment made (Nuvei's settleTransaction,
// relatedTransactionId the authorisation), and the session becomes paid with the usual payment.approved
// webhook, in one transaction. Only an 'authorized' session is captured (409 otherwise: a capture twice, or of a
// session never authorised). No claim is taken before the provider is asked: the provider settles an
// authorisation once, so of two captures racing one takes the money, and a capture that fails at the provider
// leaves the session authorised for the merchant to try again. A retry of a capture whose answer was lost (the
// settle made, the answer timed out: 502 here) is answered captured by the provider with that settle, so the
// retry pays the session (the provider's capture contract, @store/server-kit). The request is written on the
// session before the provider is asked (captureRequestedAt, host 0003): a capture still unanswered after
// CAPTURE_IN_DOUBT_AFTER_MS is asked again by the host's reconciliation, so a lost answer is finished even when
// the merchant does not retry.
// Its void (POST .../sessions/:sessionId/void, Coinflow's Void Payment) releases the hold instead (Nuvei's
// voidTransaction of the authorisation): the session ends 'voided', and a later capture or void is a 409. The
// provider refuses a void of a settled authorisation, so a capture and a void racing cannot both take effect.
import { AppError, conflict, notFound } from '@store/server-kit';
import type { CaptureOutcome, CaptureRequest, PaymentProvider, VoidOutcome } from '@store/server-kit';
import type { CheckoutHostContext } from './context.ts';
import * as repo from './repository.ts';
import { effectiveStatus, merchantView, successInfo } from './session-views.ts';

/** How long a capture may go unanswered before the reconciliation asks the provider again (longer than any call's time limit). */
export const CAPTURE_IN_DOUBT_AFTER_MS = 2 * 60_000;

export function createCapture(ctx: CheckoutHostContext) {
  const { db, log, onEvent } = ctx;

  const notAuthorized = (session: repo.SessionRow, act: 'capture' | 'void') =>
    conflict(
      session.status === 'paid' || session.status === 'refunded'
        ? 'This session is already captured.'
        : session.status === 'voided'
          ? 'This session is voided: its authorisation was released.'
          : `This session is ${effectiveStatus(session)}, not authorized: there is nothing to ${act}.`,
      'sessionId',
    );

  /** The merchant's authorised session (404, 409) and what its provider needs to act on the authorisation. */
  async function authorisation(merchantId: string, sessionId: string, act: 'capture' | 'void') {
    const session = await repo.findSession(db, sessionId);
    if (!session || session.merchantId !== merchantId) throw notFound('No such session.');
    if (session.status !== 'authorized') throw notAuthorized(session, act);
    return { session, ...(await providerCall(session, act)) };
  }

  /** The card provider and the request naming the session's authorisation (503 when there is none to ask). */
  async function providerCall(session: repo.SessionRow, act: 'capture' | 'void') {
    const provider = ctx.cardProvider();
    const attempt = await repo.latestCardAttempt(db, session.id);
    const able = act === 'capture' ? provider?.capture : provider?.voidAuthorization;
    if (!provider || !able || attempt?.status !== 'approved' || !session.cardTransactionId) {
      const code = act === 'capture' ? 'CAPTURE_UNAVAILABLE' : 'VOID_UNAVAILABLE';
      throw new AppError(503, code, `The card payment cannot be ${act === 'capture' ? 'captured' : 'voided'} right now.`);
    }
    const request: CaptureRequest = {
      paymentId: attempt.id,
      orderId: session.id,
      transactionId: session.cardTransactionId,
      amountCents: session.amountCents,
      currency: 'USD',
    };
    return { provider, request };
  }

  /** Asks the provider to settle, and pays the session once it has (502, 409, 422 otherwise). */
  async function settle(session: repo.SessionRow, provider: PaymentProvider, request: CaptureRequest) {
    let outcome: CaptureOutcome;
    try {
      outcome = await provider.capture!(request);
    } catch (err) {
      log.warn({ err, sessionId: session.id }, 'checkout capture failed at the provider; the session stays authorized');
      throw new AppError(502, 'CAPTURE_UNAVAILABLE', 'The capture could not be completed. Try again.');
    }
    if (outcome.status === 'declined') {
      // Answered: nothing is in doubt. A capture racing this one may have taken it (then the session moved on).
      const now = await repo.moveSession(db, session.id, ['authorized'], { captureRequestedAt: null });
      if (!now) throw notAuthorized((await repo.findSession(db, session.id))!, 'capture');
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
    if (!paid) throw notAuthorized((await repo.findSession(db, session.id))!, 'capture');
    onEvent();
    return paid;
  }

  async function capture(merchantId: string, sessionId: string) {
    const { session, provider, request } = await authorisation(merchantId, sessionId, 'capture');
    // Asked for, before the provider is: if its answer is lost, the reconciliation finishes the capture. A retry
    // keeps the first request's time.
    if (!session.captureRequestedAt) {
      const asked = await repo.moveSession(db, session.id, ['authorized'], { captureRequestedAt: new Date() });
      if (!asked) throw notAuthorized((await repo.findSession(db, session.id))!, 'capture');
    }
    return merchantView(await settle(session, provider, request));
  }

  /** Captures asked for and never answered: the provider is asked again (reconcile.ts). */
  async function finishCapturesInDoubt(): Promise<void> {
    for (const session of await repo.capturesInDoubt(db, 20, CAPTURE_IN_DOUBT_AFTER_MS)) {
      try {
        const { provider, request } = await providerCall(session, 'capture');
        await settle(session, provider, request);
        log.info({ sessionId: session.id }, 'a capture in doubt was finished');
      } catch (err) {
        log.warn({ err, sessionId: session.id }, 'finishing a capture in doubt failed; will retry');
      }
    }
  }

  async function voidAuthorization(merchantId: string, sessionId: string) {
    const { session, provider, request } = await authorisation(merchantId, sessionId, 'void');
    let outcome: VoidOutcome;
    try {
      outcome = await provider.voidAuthorization!(request);
    } catch (err) {
      log.warn({ err, sessionId }, 'checkout void failed at the provider; the session stays authorized');
      throw new AppError(502, 'VOID_UNAVAILABLE', 'The void could not be completed. Try again.');
    }
    if (outcome.status === 'declined') {
      // A capture (or a void) racing this one took the authorisation first.
      const now = (await repo.findSession(db, session.id))!;
      if (now.status !== 'authorized') throw notAuthorized(now, 'void');
      throw new AppError(422, 'VOID_DECLINED', `The card provider declined the void: ${outcome.reason}`, 'sessionId');
    }
    // No webhook: the merchant asked, and has the answer; nothing was charged.
    const voided = await repo.moveSession(db, session.id, ['authorized'], { status: 'voided', voidedAt: new Date() });
    if (!voided) throw notAuthorized((await repo.findSession(db, session.id))!, 'void');
    return merchantView(voided);
  }

  return { capture, voidAuthorization, finishCapturesInDoubt };
}
