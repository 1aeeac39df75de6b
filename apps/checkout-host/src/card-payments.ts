// Paying a session by card through the app's card payment provider: the charge, its 3-D Secure steps, the
// challenge the page polls, and declines (the shopper may try again until MAX_CARD_DECLINES). Every card
// attempt is counted first against the host's own limits and the merchant's hold (card-limits.ts), and
// each decline is told to the merchant (payment.card_declined), so that it counts it too (ADR 031).
// 3-D Secure 2 as the store's own card flow runs it (ADR 037): the payment carries the payer (hostPayer)
// and the browser's details the page measured; a challenge answers the issuer's acsUrl and creq, which
// the page POSTs to the issuer in its challenge frame; the issuer posts its answer (cres) to the host's
// own return page (CHALLENGE_RETURN_PATH, the payment's notificationURL), where finishChallenge sends the
// final payment (relatedTransactionId) and takes its outcome. No money moves before that final payment.
import { CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE, type BrowserDetailsBody } from '@store/shared';
import { AppError, conflict } from '@store/server-kit';
import type { BrowserDetails, Payer, PaymentOutcome, PaymentRequest, ThreeDsChallengePreference } from '@store/server-kit';
import type { CardAttempter } from './card-limits.ts';
import { hostCustomerId, type CheckoutHostContext } from './context.ts';
import type { PayerGiven } from './customer-info.ts';
import { holderName, hostPayer, payerRecord } from './payer.ts';
import * as repo from './repository.ts';
import { effectiveStatus, refuseUnlessAllowed, successInfo } from './session-views.ts';

/** After this many card declines the session ends declined (payment.declined); before, the shopper may try again. */
export const MAX_CARD_DECLINES = 3;
/** The merchant webhook event of each card declined in a session (beyond payment.declined, the session's end). */
export const CARD_DECLINED_EVENT = 'payment.card_declined';
/** A challenge settled by reconciliation: no caller, so only the customer is known. */
const NOBODY: CardAttempter = { address: null };

/** The host's 3-D Secure challenge-return page: POST {path}/{card attempt id} with the issuer's cres. */
export const CHALLENGE_RETURN_PATH = '/api/checkout/3ds/return';

export type CardAnswer =
  | { status: 'paid'; info: ReturnType<typeof successInfo> }
  | { status: 'declined'; code: string; reason: string; final: boolean }
  /** With creq (3-D Secure 2), the page POSTs it to challengeUrl (the issuer's ACS); without, it opens the page. */
  | { status: 'challenge'; challengeUrl: string; creq?: string }
  | { status: 'pending' };

/** What the request itself says of the browser: its Accept header and User-Agent (the address is the attempter's). */
export interface RequestHeaders {
  acceptHeader: string;
  userAgent: string;
}

/** Nuvei's threeD.browserDetails from what the page measured and what its request says. */
function browserOf(measured: BrowserDetailsBody, address: string, headers: RequestHeaders): BrowserDetails {
  return {
    acceptHeader: headers.acceptHeader.slice(0, 2048) || '*/*',
    ip: address,
    javaEnabled: measured.javaEnabled ? 'TRUE' : 'FALSE',
    // The page that measured the rest ran script.
    javaScriptEnabled: 'TRUE',
    language: measured.language,
    colorDepth: String(measured.colorDepth),
    screenHeight: String(measured.screenHeight),
    screenWidth: String(measured.screenWidth),
    timeZone: String(measured.timeZone),
    userAgent: headers.userAgent.slice(0, 2048),
  };
}

/**
 * What every card call of one attempt says of the session: the attempt is the provider's payment, the session
 * its order, and the payer fields the card provider requires (ADR 037) as far as the host knows them (payer.ts).
 */
function attemptOf(session: repo.SessionRow, attemptId: string, payer: Payer) {
  return {
    paymentId: attemptId,
    orderId: session.id,
    userId: hostCustomerId(session),
    payerName: holderName(payer),
    amountCents: session.amountCents,
    currency: 'USD' as const,
    payer,
    // An authOnly session's card is authorised without capture (Nuvei's transactionType Auth), on every call.
    ...(session.authOnly ? { authOnly: true } : {}),
  };
}

/** How the host's return page ended: the session paid, the card declined, or still settling (a poll decides). */
export type ChallengeEnd = { status: 'paid' } | { status: 'declined'; reason: string } | { status: 'pending' } | { status: 'unknown' };

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
    // The 3-D Secure method step (fingerprint) is answered at once with its version. The host's page does
    // not run the issuer's method page: 'N' when one was asked for, 'U' when none was (ADR 037).
    if (current.status === 'action' && current.action.kind === 'fingerprint')
      current = await provider.confirm({
        ...request,
        transactionId: current.transactionId,
        threeDVersion: current.action.threeDVersion,
        methodCompletionInd: current.action.methodUrl ? 'N' : 'U',
      });
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
        const creq = current.action.kind === 'challenge' ? current.action.creq : undefined;
        return { status: 'challenge', challengeUrl: url, ...(creq ? { creq } : {}) };
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
        await repo.insertOutbox(tx, moved, CARD_DECLINED_EVENT, {
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

  /** The host's own return page for an attempt (the payment's threeD.notificationURL). */
  const challengeReturnUrl = (attemptId: string) => `${ctx.hostOrigin().replace(/\/+$/, '')}${CHALLENGE_RETURN_PATH}/${attemptId}`;

  async function payByCard(
    session: repo.SessionRow,
    card: {
      cardToken: string;
      cvvToken?: string;
      threeDsChallengePreference?: ThreeDsChallengePreference;
      /** What the page measured of the browser (3-D Secure 2). */
      browserDetails: BrowserDetailsBody;
    } & PayerGiven,
    who: CardAttempter,
    headers: RequestHeaders = { acceptHeader: '*/*', userAgent: '' },
  ): Promise<CardAnswer> {
    refuseUnlessAllowed(session, 'card');
    const provider = ctx.cardProvider();
    if (!provider) throw new AppError(503, 'CARD_UNAVAILABLE', 'Card payments are not available right now.');
    if (session.status !== 'open') throw conflict('This session is not open for payment.', 'sessionKey');
    // Before the session moves: a token nothing used in time is the shopper's to type again, not a decline.
    if ((await ctx.cardTokens?.cardTokenState(card.cardToken)) === 'expired')
      throw new AppError(400, CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE, 'cardToken');
    // Before the session is claimed or the provider asked: 429 when held or over a limit.
    await cardLimits.admit(session, who);
    // Then the fraud check (ADR 045): a flagged payment ends the session here, before the provider is asked.
    const screened = await ctx.fraud.screen(session, 'card', who);
    if (screened.declined) return screened.declined;
    const claimed = await repo.moveSession(db, session.id, ['open'], { status: 'processing', method: 'card' });
    if (!claimed) throw conflict('This session is not open for payment.', 'sessionKey');
    const address = who.address ?? '0.0.0.0';
    // The billing data the page sent (email, customerInfo) over what the session knows (payer.ts).
    const payer = hostPayer(session, card, address);
    // The vault token and the payer are kept for the final payment after a challenge (the CVV is not: ADR 038).
    const attemptId = await repo.insertCardAttempt(db, session.id, card.cardToken, payerRecord(payer));
    await screened.record(attemptId);
    // A payment the fraud check wants looked at closer is asked for 3-D Secure, whatever the merchant preferred.
    const challengePreference = screened.review ? 'Challenge' : card.threeDsChallengePreference;
    const request: PaymentRequest = {
      ...attemptOf(claimed, attemptId, payer),
      // A new card's CVV travels with its token in the vault (ADR 038): the card provider takes it from
      // there (the Nuvei client's card.cvv placeholder, the sandbox), so only a separate CVV token is passed.
      source: { method: 'card', cardToken: card.cardToken, ...(card.cvvToken ? { cvvToken: card.cvvToken } : {}) },
      // The merchant's wish from the page's URL; the provider reads it on start and again on confirm (cardOutcome).
      ...(challengePreference ? { threeDsChallengePreference: challengePreference } : {}),
      // What the page measured of the browser, with what its request says (ADR 037).
      browser: browserOf(card.browserDetails, address, headers),
      // The issuer's answer comes to the host's own return page, which finishes the payment.
      challengeReturnUrl: challengeReturnUrl(attemptId),
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

  /**
   * Asks the provider about the session's open challenge (the page polls while the shopper answers it). Once
   * the return page declined the challenged card, the page hears the decline (as from a direct attempt).
   */
  async function cardStatus(session: repo.SessionRow, who: CardAttempter): Promise<CardAnswer | { status: repo.SessionRow['status'] }> {
    // Authorised (an authOnly session) is the shopper's success too: the merchant captures it later.
    if (session.status === 'paid' || session.status === 'authorized') return { status: 'paid', info: successInfo(session) };
    const attempt = await repo.latestCardAttempt(db, session.id);
    if (attempt?.status === 'declined' && (session.status === 'open' || session.status === 'declined') && session.declineCode)
      return {
        status: 'declined',
        code: session.declineCode,
        reason: (session.declineReason ?? 'Declined').replace(/ \(\d+ declined attempts\)$/, ''),
        final: session.status === 'declined',
      };
    if (session.status !== 'processing' || !attempt) return { status: effectiveStatus(session) };
    // The final payment is under way at the return page: its end is the next poll's.
    if (attempt.status === 'started') return { status: 'pending' };
    if (attempt.status !== 'challenge') return { status: effectiveStatus(session) };
    return settleChallenge(session, attempt, who);
  }

  /**
   * The host's return page (the payment's notificationURL): the issuer posted its answer, so the final
   * payment of the challenged transaction is sent, once. The attempt is claimed first (challenge → started),
   * so a second post, a poll or reconciliation does not send or settle it meanwhile; a session no longer
   * processing (expired, refunded) gets no final payment and nothing is sold.
   */
  async function finishChallenge(attemptId: string, who: CardAttempter): Promise<ChallengeEnd> {
    const found = await repo.findCardAttempt(db, attemptId);
    if (!found) return { status: 'unknown' };
    const session = await repo.findSession(db, found.sessionId);
    if (!session) return { status: 'unknown' };
    const provider = ctx.cardProvider();
    const endOf = async (): Promise<ChallengeEnd> => {
      const now = (await repo.findSession(db, session.id))!;
      const latest = await repo.findCardAttempt(db, attemptId);
      if ((now.status === 'paid' || now.status === 'authorized') && latest?.status === 'approved') return { status: 'paid' };
      if (latest?.status === 'declined') return { status: 'declined', reason: now.declineReason ?? 'Declined' };
      return { status: 'pending' };
    };
    if (session.status !== 'processing' || !provider?.completeChallenge || !found.transactionId || !found.cardToken) return endOf();
    const claimed = await repo.moveCardAttempt(db, attemptId, ['challenge'], { status: 'started' });
    if (!claimed) return endOf();
    let outcome: PaymentOutcome;
    try {
      outcome = await provider.completeChallenge({
        // The billing data the attempt was made with (an attempt from before 0043 kept none: the session's).
        ...attemptOf(session, attemptId, found.payer ?? hostPayer(session, {}, who.address ?? undefined)),
        source: { method: 'card', cardToken: found.cardToken },
        transactionId: found.transactionId,
      });
    } catch (err) {
      // The answer is lost, not the payment: reconciliation asks the provider (openChallenges takes it).
      log.warn({ err, attemptId }, 'the final card payment after a challenge failed at the provider; left for reconciliation');
      return { status: 'pending' };
    }
    switch (outcome.status) {
      case 'approved': {
        await repo.updateCardAttempt(db, attemptId, { status: 'approved', transactionId: outcome.transactionId });
        await decide(session, { paid: { method: 'card', cardTransactionId: outcome.transactionId } }, ['processing']);
        return endOf();
      }
      case 'declined':
        await repo.updateCardAttempt(db, attemptId, { status: 'declined', transactionId: outcome.transactionId || found.transactionId });
        await declineCard(session, outcome.code, outcome.reason, who);
        return { status: 'declined', reason: outcome.reason };
      default:
        // Still settling (or an answer the flow does not expect): a lookup decides later.
        await repo.updateCardAttempt(db, attemptId, { status: 'challenge', transactionId: outcome.transactionId || found.transactionId });
        return { status: 'pending' };
    }
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
    // Moved only from the status it was read in: the return page (or another poll) may have taken it since.
    if (found.status === 'approved' && found.amountCents === session.amountCents) {
      if (!(await repo.moveCardAttempt(db, attempt.id, [attempt.status], { status: 'approved', transactionId: found.transactionId })))
        return { status: 'pending' };
      const paid = await decide(session, { paid: { method: 'card', cardTransactionId: found.transactionId } }, ['processing']);
      return { status: 'paid', info: successInfo(paid ?? (await repo.findSession(db, session.id))!) };
    }
    if (found.status === 'declined' || found.status === 'none') {
      if (!(await repo.moveCardAttempt(db, attempt.id, [attempt.status], { status: 'declined' }))) return { status: 'pending' };
      return declineCard(
        session,
        found.status === 'declined' ? found.code : 'CARD_DECLINED',
        found.status === 'declined' ? found.reason : 'Declined',
        who,
      );
    }
    return attempt.status === 'challenge' && attempt.challengeUrl
      ? { status: 'challenge', challengeUrl: attempt.challengeUrl }
      : { status: 'pending' };
  }

  /** Who may frame the return page (it shows in the purchase-v2 page's challenge frame): the attempt's merchant's origins. */
  async function challengeFrameAncestors(attemptId: string): Promise<string[]> {
    const attempt = await repo.findCardAttempt(db, attemptId);
    const session = attempt && (await repo.findSession(db, attempt.sessionId));
    const merchant = session && (await repo.findMerchant(db, session.merchantId));
    return merchant ? merchant.allowedOrigins : [];
  }

  return { payByCard, cardStatus, settleChallenge, finishChallenge, challengeFrameAncestors };
}
