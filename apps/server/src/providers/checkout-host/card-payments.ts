// Paying a session by card through the app's card payment provider: the charge, its 3-D Secure steps, the
// challenge the page polls, and declines (the shopper may try again until MAX_CARD_DECLINES). Every card
// attempt is counted first against the host's own limits and the merchant's hold (card-limits.ts), and
// each decline is told to the merchant (payment.card_declined), so that it counts it too (ADR 031).
import { CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE } from '@store/shared';
import { AppError, conflict, unprocessable } from '../../lib/errors.ts';
import type { PaymentOutcome, PaymentRequest, ThreeDsChallengePreference } from '../payments/types.ts';
import type { CardAttempter } from './card-limits.ts';
import { hostCustomerId, type CheckoutHostContext } from './context.ts';
import * as repo from './repository.ts';
import { effectiveStatus, successInfo } from './session-views.ts';

/** After this many card declines the session ends declined (payment.declined); before, the shopper may try again. */
export const MAX_CARD_DECLINES = 3;
/** The merchant webhook event of each card declined in a session (beyond payment.declined, the session's end). */
export const CARD_DECLINED_EVENT = 'payment.card_declined';
/** A challenge settled by reconciliation: no caller, so only the customer is known. */
const NOBODY: CardAttempter = { address: null };

export type CardAnswer =
  | { status: 'paid'; info: ReturnType<typeof successInfo> }
  | { status: 'declined'; code: string; reason: string; final: boolean }
  | { status: 'challenge'; challengeUrl: string }
  | { status: 'pending' };

export function createCardPayments(ctx: CheckoutHostContext) {
  const { db, log, decide, cardLimits } = ctx;

  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${ctx.providerPageBase.replace(/\/+$/, '')}${url}`);

  async function cardOutcome(
    session: repo.SessionRow,
    attemptId: string,
    outcome: PaymentOutcome,
    request: PaymentRequest,
    who: CardAttempter,
  ): Promise<CardAnswer> {
    const provider = ctx.cardProvider()!;
    let current = outcome;
    // The 3-D Secure method step (fingerprint) is answered at once with its version.
    if (current.status === 'action' && current.action.kind === 'fingerprint')
      current = await provider.confirm({ ...request, transactionId: current.transactionId, threeDVersion: current.action.threeDVersion });
    switch (current.status) {
      case 'approved': {
        await repo.updateCardAttempt(db, attemptId, { status: 'approved', transactionId: current.transactionId });
        const paid = await decide(session, { paid: { method: 'card', cardTransactionId: current.transactionId } }, ['processing']);
        return { status: 'paid', info: successInfo(paid ?? (await repo.findSession(db, session.id))!) };
      }
      case 'declined':
        await repo.updateCardAttempt(db, attemptId, { status: 'declined', transactionId: current.transactionId });
        return declineCard(session, current.code, current.reason, who);
      case 'action': {
        const url = current.action.kind === 'challenge' || current.action.kind === 'redirect' ? absolute(current.action.url) : null;
        if (!url) {
          await repo.updateCardAttempt(db, attemptId, { status: 'failed', transactionId: current.transactionId });
          await repo.moveSession(db, session.id, ['processing'], { status: 'open' });
          throw new AppError(502, 'CARD_UNAVAILABLE', 'The card payment could not be completed. Try again.');
        }
        await repo.updateCardAttempt(db, attemptId, { status: 'challenge', transactionId: current.transactionId, challengeUrl: url });
        return { status: 'challenge', challengeUrl: url };
      }
      case 'pending':
        await repo.updateCardAttempt(db, attemptId, { status: 'challenge', transactionId: current.transactionId });
        return { status: 'pending' };
    }
  }

  async function declineCard(session: repo.SessionRow, code: string, reason: string, who: CardAttempter): Promise<CardAnswer> {
    await cardLimits.declined(session, who);
    // The merchant hears of every decline (it counts its customer's card attempts), with the move.
    const back = await db.transaction(async (tx) => {
      const moved = await repo.moveSession(tx, session.id, ['processing'], {
        status: 'open',
        declines: session.declines + 1,
        declineCode: code,
        declineReason: reason,
      });
      if (moved)
        await repo.insertOutbox(tx, moved.merchantId, CARD_DECLINED_EVENT, {
          sessionId: moved.id,
          reference: moved.reference,
          amountCents: moved.amountCents,
          currency: moved.currency,
          method: 'card',
          customerId: moved.customerId,
          code,
          reason,
          declines: moved.declines,
          final: moved.declines >= MAX_CARD_DECLINES,
        });
      return moved;
    });
    if (back) ctx.onEvent();
    if (back && back.declines >= MAX_CARD_DECLINES) {
      await decide(back, { declined: { code, reason: `${reason} (${MAX_CARD_DECLINES} declined attempts)` } }, ['open']);
      return { status: 'declined', code, reason, final: true };
    }
    return { status: 'declined', code, reason, final: false };
  }

  async function payByCard(
    session: repo.SessionRow,
    card: { cardToken: string; cvvToken?: string; threeDsChallengePreference?: ThreeDsChallengePreference },
    who: CardAttempter,
  ): Promise<CardAnswer> {
    if (!session.allowedMethods.includes('card')) throw unprocessable('Card payments are not allowed for this session.', 'method');
    const provider = ctx.cardProvider();
    if (!provider) throw new AppError(503, 'CARD_UNAVAILABLE', 'Card payments are not available right now.');
    if (session.status !== 'open') throw conflict('This session is not open for payment.', 'sessionKey');
    // Before the session moves: a token nothing used in time is the shopper's to type again, not a decline.
    if ((await ctx.cardTokens?.cardTokenState(card.cardToken)) === 'expired')
      throw new AppError(400, CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE, 'cardToken');
    // Before the session is claimed or the provider asked: 429 when held or over a limit.
    await cardLimits.admit(session, who);
    const claimed = await repo.moveSession(db, session.id, ['open'], { status: 'processing', method: 'card' });
    if (!claimed) throw conflict('This session is not open for payment.', 'sessionKey');
    const attemptId = await repo.insertCardAttempt(db, session.id);
    const request: PaymentRequest = {
      paymentId: attemptId,
      orderId: session.id,
      userId: hostCustomerId(session),
      payerName: session.customerEmail,
      amountCents: session.amountCents,
      currency: 'USD',
      // A new card's CVV travels with its token in the vault (ADR 038): the card provider takes it from
      // there (the Nuvei client's card.cvv placeholder, the sandbox), so only a separate CVV token is passed.
      source: { method: 'card', cardToken: card.cardToken, ...(card.cvvToken ? { cvvToken: card.cvvToken } : {}) },
      // The merchant's wish from the page's URL; the provider reads it on start and again on confirm (cardOutcome).
      ...(card.threeDsChallengePreference ? { threeDsChallengePreference: card.threeDsChallengePreference } : {}),
      // The payer fields the card provider requires (ADR 037). The hosted checkout knows only the customer's
      // e-mail and address: the names are the e-mail's, the country the store's market (US). Unverified
      // against a real hosted checkout; see ADR 037.
      payer: { email: session.customerEmail, firstName: 'Card', lastName: 'holder', country: 'US', ipAddress: who.address ?? '0.0.0.0' },
      browser: {
        acceptHeader: 'text/html',
        ip: who.address ?? '0.0.0.0',
        javaEnabled: 'FALSE',
        javaScriptEnabled: 'TRUE',
        language: 'en-US',
        colorDepth: '24',
        screenHeight: '0',
        screenWidth: '0',
        timeZone: '0',
        userAgent: 'hosted-checkout',
      },
    };
    try {
      return await cardOutcome(claimed, attemptId, await provider.start(request), request, who);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err, sessionId: session.id }, 'checkout card payment failed at the provider');
      await repo.updateCardAttempt(db, attemptId, { status: 'failed' });
      await repo.moveSession(db, session.id, ['processing'], { status: 'open' });
      throw new AppError(502, 'CARD_UNAVAILABLE', 'The card payment could not be completed. Try again.');
    }
  }

  /** Asks the provider about the session's open challenge (the page polls while the shopper answers it). */
  async function cardStatus(session: repo.SessionRow, who: CardAttempter): Promise<CardAnswer | { status: repo.SessionRow['status'] }> {
    if (session.status === 'paid') return { status: 'paid', info: successInfo(session) };
    const attempt = await repo.latestCardAttempt(db, session.id);
    if (session.status !== 'processing' || !attempt || attempt.status !== 'challenge') return { status: effectiveStatus(session) };
    return settleChallenge(session, attempt, who);
  }

  async function settleChallenge(session: repo.SessionRow, attempt: repo.CardAttemptRow, who: CardAttempter = NOBODY): Promise<CardAnswer> {
    const provider = ctx.cardProvider();
    if (!provider) return { status: 'pending' };
    const found = await provider.lookup({
      paymentId: attempt.id,
      orderId: session.id,
      transactionId: attempt.transactionId,
      startedAt: attempt.createdAt,
    });
    if (found.status === 'approved' && found.amountCents === session.amountCents) {
      await repo.updateCardAttempt(db, attempt.id, { status: 'approved', transactionId: found.transactionId });
      const paid = await decide(session, { paid: { method: 'card', cardTransactionId: found.transactionId } }, ['processing']);
      return { status: 'paid', info: successInfo(paid ?? (await repo.findSession(db, session.id))!) };
    }
    if (found.status === 'declined' || found.status === 'none') {
      await repo.updateCardAttempt(db, attempt.id, { status: 'declined' });
      return declineCard(
        session,
        found.status === 'declined' ? found.code : 'CARD_DECLINED',
        found.status === 'declined' ? found.reason : 'Declined',
        who,
      );
    }
    return attempt.challengeUrl ? { status: 'challenge', challengeUrl: attempt.challengeUrl } : { status: 'pending' };
  }

  return { payByCard, cardStatus, settleChallenge };
}
