// How a session is shown: to the merchant API, and to the page's parent on success.
import { unprocessable } from '@store/server-kit';
import type { PaymentMethodName } from './decision.ts';
import type * as repo from './repository.ts';

/** What the host settles a merchant's money in when neither the merchant nor the link said (settlement.ts). */
export const DEFAULT_SETTLEMENT_TYPE = 'USDC';

/** The session's status as seen now: an open session past its expiry is expired. */
export const effectiveStatus = (s: repo.SessionRow, now = Date.now()) =>
  s.status === 'open' && s.expiresAt.getTime() < now ? 'expired' : s.status;

/**
 * The methods the session may be paid with: an authOnly session only by card, the one method whose money can
 * be held and captured later (a USDC transfer or a bank debit takes it at once).
 */
export const allowedMethodsOf = (s: Pick<repo.SessionRow, 'allowedMethods' | 'authOnly'>): PaymentMethodName[] =>
  s.authOnly ? s.allowedMethods.filter((m) => m === 'card') : s.allowedMethods;

const METHOD_WORDS: Record<PaymentMethodName, { payments: string; one: string }> = {
  card: { payments: 'Card payments', one: 'a card payment' },
  ach: { payments: 'Bank account payments', one: 'a bank debit' },
  usdc: { payments: 'USDC payments', one: 'a USDC transfer' },
};

/** 422 unless the session may be paid this way, naming why: the merchant's methods, or authOnly (card only). */
export function refuseUnlessAllowed(s: Pick<repo.SessionRow, 'allowedMethods' | 'authOnly'>, method: PaymentMethodName): void {
  if (allowedMethodsOf(s).includes(method)) return;
  const words = METHOD_WORDS[method];
  if (s.authOnly && s.allowedMethods.includes(method))
    throw unprocessable(`This session authorises a card only (authOnly): ${words.one} cannot be held for capture.`, 'authOnly');
  throw unprocessable(`${words.payments} are not allowed for this session.`, 'method');
}

/** What the merchant receives (SPEC §2 settlementType, tokens, lockDefaultToken), as the success info and webhooks echo it. */
export function settlementOf(s: repo.SessionRow) {
  return {
    settlementType: s.settlementType ?? DEFAULT_SETTLEMENT_TYPE,
    ...(s.tokens ? { tokens: s.tokens } : {}),
    ...(s.lockDefaultToken !== null ? { lockDefaultToken: s.lockDefaultToken } : {}),
  };
}

/** The session as the merchant API answers it. */
export function merchantView(s: repo.SessionRow) {
  return {
    sessionId: s.id,
    reference: s.reference,
    status: effectiveStatus(s),
    amountCents: s.amountCents,
    currency: s.currency,
    method: s.method ?? undefined,
    chain: s.chain ?? undefined,
    txId: s.txId ?? undefined,
    authOnly: s.authOnly ?? false,
    authorizedAt: s.authorizedAt?.toISOString(),
    paidAt: s.paidAt?.toISOString(),
    voidedAt: s.voidedAt?.toISOString(),
    ...settlementOf(s),
    code: s.status === 'declined' ? (s.declineCode ?? undefined) : undefined,
    reason: s.status === 'declined' ? (s.declineReason ?? undefined) : undefined,
  };
}

/**
 * The `success` info the page posts to its parent (and the webhook's data): the published SDK's paymentId (and
 * hash of a chain payment) beside ours, what the merchant receives, and, for an authOnly session, that the card
 * is authorised and waits for the merchant's capture.
 */
export function successInfo(s: repo.SessionRow) {
  return {
    paymentId: s.id,
    ...(s.chain && s.txId ? { hash: s.txId } : {}),
    sessionId: s.id,
    reference: s.reference,
    method: s.method!,
    ...(s.chain ? { chain: s.chain } : {}),
    ...(s.txId ? { txId: s.txId } : {}),
    amountCents: s.amountCents,
    currency: s.currency,
    ...(s.authOnly ? { authOnly: true, captured: s.status !== 'authorized' } : {}),
    ...settlementOf(s),
  };
}
