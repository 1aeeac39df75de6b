// The background pass: chain payments left submitted (a restart, a slow chain), card challenges left open and bank
// debits left pending, USDC refunds left unconfirmed and captures left unanswered are asked again, and unpaid sessions
// past their time expire.
import { AppError } from '@store/server-kit';
import type { ChainName } from './chains/index.ts';
import type { createBankPayments } from './bank-payments.ts';
import type { createCardPayments } from './card-payments.ts';
import type { CheckoutHostContext } from './context.ts';
import * as repo from './repository.ts';
import { intentOf, type createUsdcPayments } from './usdc-payments.ts';

/** The payment parts' settle steps the pass reuses. */
export interface SettleSteps {
  settleTransfer: ReturnType<typeof createUsdcPayments>['settleTransfer'];
  settleChallenge: ReturnType<typeof createCardPayments>['settleChallenge'];
  settleBank: ReturnType<typeof createBankPayments>['settleBank'];
  /** USDC refunds left sent and unconfirmed (usdc-refunds.ts). */
  reconcileRefunds: () => Promise<void>;
  /** Captures of authorised sessions asked for and never answered (capture.ts). */
  finishCapturesInDoubt: () => Promise<void>;
}

export function createReconcile(
  ctx: CheckoutHostContext,
  { settleTransfer, settleChallenge, settleBank, reconcileRefunds, finishCapturesInDoubt }: SettleSteps,
) {
  const { db, log, chains } = ctx;

  /** Chain payments left submitted (a restart, a slow chain) and card challenges left open are asked again. */
  async function reconcile(): Promise<void> {
    for (const payment of await repo.submittedChainPayments(db, 50)) {
      try {
        const adapter = await chains.get(payment.chain as ChainName);
        const check = await adapter.checkTransfer(payment.txId!, intentOf(payment), { lastValidBlockHeight: payment.lastValidBlockHeight });
        await settleTransfer(payment.sessionId, payment, check).catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
          log.info({ paymentId: payment.id, code: err.code }, 'pending chain payment failed on reconciliation');
        });
      } catch (err) {
        log.warn({ err, paymentId: payment.id }, 'reconciling a chain payment failed; will retry');
      }
    }
    for (const attempt of await repo.openChallenges(db, 50)) {
      const session = await repo.findSession(db, attempt.sessionId);
      if (!session || session.status !== 'processing') continue;
      await settleChallenge(session, attempt).catch((err: unknown) =>
        log.warn({ err, attemptId: attempt.id }, 'reconciling a card challenge failed'),
      );
    }
    for (const attempt of await repo.pendingBankAttempts(db, 50)) {
      const session = await repo.findSession(db, attempt.sessionId);
      if (!session || session.status !== 'processing') continue;
      await settleBank(session, attempt).catch((err: unknown) =>
        log.warn({ err, attemptId: attempt.id }, 'reconciling a bank debit failed'),
      );
    }
    await reconcileRefunds();
    await finishCapturesInDoubt();
    await repo.expireSessions(db);
  }

  return { reconcile };
}
