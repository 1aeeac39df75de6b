// Paying a session from a bank account (ACH) through the store's bank-account provider: linking the account,
// starting the debit, and settling it once the bank has (reconciliation asks).
import { AppError, conflict } from '@store/server-kit';
import type { BankAccountNumbers } from '@store/server-kit';
import { hostCustomerId, type CheckoutHostContext } from './context.ts';
import type { PayerGiven } from './customer-info.ts';
import type { Payer as Requester } from './fraud-gate.ts';
import { holderName, hostPayer, payerRecord } from './payer.ts';
import * as repo from './repository.ts';
import { refuseUnlessAllowed, successInfo } from './session-views.ts';

/**
 * The merchant's webhook event when a bank debit has started and waits for the bank (days): the session is
 * processing; payment.approved follows once the bank settles it, payment.declined when it fails or is
 * returned before that.
 */
export const PAYMENT_PENDING_EVENT = 'payment.pending';

export type BankAnswer =
  | { status: 'pending'; last4: string }
  | { status: 'paid'; info: ReturnType<typeof successInfo> }
  | { status: 'declined'; code: string; reason: string; final?: boolean };

export function createBankPayments(ctx: CheckoutHostContext) {
  const { db, log, decide, bankProvider } = ctx;

  /** ACH is offered only while the store has a bank-account provider. */
  const achAvailable = () => !!bankProvider();

  /** Back to open after a refused account or a debit the bank declined at once: the shopper may try again. */
  async function reopenForBank(session: repo.SessionRow, code: string, reason: string): Promise<BankAnswer> {
    await repo.moveSession(db, session.id, ['processing'], { status: 'open', method: null, declineCode: code, declineReason: reason });
    return { status: 'declined', code, reason };
  }

  /**
   * Links the shopper's account with the provider and starts the debit of the session's amount. The numbers go
   * to the provider only (never logged or stored here); the debit is pending until the bank settles it, and
   * reconciliation (settleBank) then decides the session.
   */
  async function payByAch(
    session: repo.SessionRow,
    { email, customerInfo, ...account }: BankAccountNumbers & PayerGiven,
    who: Requester = { address: null },
  ): Promise<BankAnswer> {
    refuseUnlessAllowed(session, 'ach');
    const provider = bankProvider();
    if (!provider) throw new AppError(503, 'ACH_UNAVAILABLE', 'Bank account payments are not available right now.');
    if (session.status !== 'open') throw conflict('This session is not open for payment.', 'sessionKey');
    // A flagged payment ends the session before the account is linked or debited (ADR 045).
    const screened = await ctx.fraud.screen(session, 'ach', who);
    if (screened.declined) return screened.declined;
    const claimed = await repo.moveSession(db, session.id, ['open'], { status: 'processing', method: 'ach' });
    if (!claimed) throw conflict('This session is not open for payment.', 'sessionKey');
    const userId = hostCustomerId(session);
    // The bank debit needs the payer's billing details and IP (ADR 039): what the page sent (email,
    // customerInfo) over what the session knows; the account holder is the payer by name (payer.ts).
    const payer = hostPayer(session, { email, customerInfo }, who.address ?? undefined);
    let attempt: repo.BankAttemptRow | undefined;
    try {
      const linked = await provider.addBankAccount({ userId, payerName: holderName(payer), account });
      if (linked.status === 'refused') {
        await screened.record(null);
        return await reopenForBank(claimed, 'BANK_ACCOUNT_REFUSED', linked.reason);
      }
      attempt = await repo.insertBankAttempt(db, {
        sessionId: session.id,
        userPaymentOptionId: linked.userPaymentOptionId,
        accountLast4: linked.last4,
        payer: payerRecord(payer),
      });
      await screened.record(attempt.id);
      const outcome = await provider.start({
        paymentId: attempt.id,
        orderId: session.id,
        userId,
        payerName: holderName(payer),
        amountCents: session.amountCents,
        currency: 'USD',
        source: { method: 'bank_account', userPaymentOptionId: linked.userPaymentOptionId },
        payer,
      });
      switch (outcome.status) {
        case 'pending': {
          // The merchant hears at once that the money is on its way (payment.pending), with the attempt's
          // move, so it can keep its order waiting for the settlement instead of expiring it.
          const { transactionId } = outcome;
          await db.transaction(async (tx) => {
            await repo.updateBankAttempt(tx, attempt!.id, { status: 'pending', transactionId });
            await repo.insertOutbox(tx, claimed, PAYMENT_PENDING_EVENT, {
              sessionId: claimed.id,
              reference: claimed.reference,
              amountCents: claimed.amountCents,
              currency: claimed.currency,
              method: 'ach',
              last4: linked.last4,
            });
          });
          ctx.onEvent();
          return { status: 'pending', last4: linked.last4 };
        }
        case 'approved': {
          await repo.updateBankAttempt(db, attempt.id, { status: 'approved', transactionId: outcome.transactionId });
          const paid = await decide(claimed, { paid: { method: 'ach' } }, ['processing']);
          return { status: 'paid', info: successInfo(paid ?? (await repo.findSession(db, session.id))!) };
        }
        case 'declined':
          await repo.updateBankAttempt(db, attempt.id, { status: 'declined', transactionId: outcome.transactionId });
          return await reopenForBank(claimed, outcome.code, outcome.reason);
        case 'action':
          // A bank debit asks the shopper for nothing more; an action here is the provider's fault.
          throw new Error('The bank account provider asked for a shopper action.');
      }
    } catch (err) {
      // Only the error's message: the request that failed carried the account's numbers.
      log.warn({ sessionId: session.id, message: (err as Error).message }, 'checkout bank payment failed at the provider');
      if (attempt) await repo.updateBankAttempt(db, attempt.id, { status: 'failed' });
      await repo.moveSession(db, session.id, ['processing'], { status: 'open', method: null });
      throw new AppError(502, 'ACH_UNAVAILABLE', 'The bank payment could not be started. Try again.');
    }
  }

  /** Asks the provider whether a pending debit settled: settled pays the session, a failed one declines it. */
  async function settleBank(session: repo.SessionRow, attempt: repo.BankAttemptRow): Promise<void> {
    const provider = bankProvider();
    if (!provider) return;
    const found = await provider.lookup({
      paymentId: attempt.id,
      orderId: session.id,
      transactionId: attempt.transactionId,
      startedAt: attempt.createdAt,
    });
    if (found.status === 'approved' && found.amountCents === session.amountCents) {
      await repo.updateBankAttempt(db, attempt.id, { status: 'approved', transactionId: found.transactionId });
      await decide(session, { paid: { method: 'ach' } }, ['processing']);
      return;
    }
    // A debit returned before we saw it settle took no money either.
    if (found.status === 'declined' || found.status === 'refunded') {
      await repo.updateBankAttempt(db, attempt.id, { status: 'declined' });
      await decide(
        session,
        {
          declined:
            found.status === 'declined'
              ? { code: found.code, reason: found.reason }
              : { code: 'BANK_PAYMENT_FAILED', reason: 'The bank returned the payment.' },
        },
        ['processing'],
      );
      return;
    }
    if (found.status === 'approved')
      log.warn({ attemptId: attempt.id, amountCents: found.amountCents }, 'a settled bank debit is not of the session amount');
  }

  return { achAvailable, payByAch, settleBank };
}
