// How a session is shown: to the merchant API, and to the page's parent on success.
import type * as repo from './repository.ts';

/** The session's status as seen now: an open session past its expiry is expired. */
export const effectiveStatus = (s: repo.SessionRow, now = Date.now()) =>
  s.status === 'open' && s.expiresAt.getTime() < now ? 'expired' : s.status;

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
    paidAt: s.paidAt?.toISOString(),
    code: s.status === 'declined' ? (s.declineCode ?? undefined) : undefined,
    reason: s.status === 'declined' ? (s.declineReason ?? undefined) : undefined,
  };
}

/** The `success` info the page posts to its parent: the published SDK's paymentId (and hash of a chain payment) beside ours. */
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
  };
}
