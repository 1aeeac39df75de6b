// Refunds a merchant asks for: card and bank payments go back through their provider; USDC goes back from the
// settlement wallet to the paying wallet (usdc-refunds.ts).
import { notFound } from '@store/server-kit';
import type { CheckoutHostContext } from './context.ts';
import * as repo from './repository.ts';
import { effectiveStatus, successInfo } from './session-views.ts';
import type { createUsdcRefunds } from './usdc-refunds.ts';

export function createRefunds(ctx: CheckoutHostContext, usdc: Pick<ReturnType<typeof createUsdcRefunds>, 'refundUsdc'>) {
  const { db, onEvent, bankProvider } = ctx;

  async function cardPaymentOf(session: repo.SessionRow) {
    const provider = ctx.cardProvider();
    const attempt = await repo.latestCardAttempt(db, session.id);
    if (!provider || !attempt || !session.cardTransactionId) return undefined;
    return { provider, paymentId: attempt.id, transactionId: session.cardTransactionId };
  }

  async function bankPaymentOf(session: repo.SessionRow) {
    const provider = bankProvider();
    const attempt = await repo.latestBankAttempt(db, session.id);
    if (!provider || attempt?.status !== 'approved' || !attempt.transactionId) return undefined;
    return { provider, paymentId: attempt.id, transactionId: attempt.transactionId };
  }

  async function refund(merchantId: string, sessionId: string): Promise<{ status: 'refunded' | 'declined'; reason?: string }> {
    const session = await repo.findSession(db, sessionId);
    if (!session || session.merchantId !== merchantId) throw notFound('No such session.');
    if (session.status === 'refunded') return { status: 'refunded' };
    if (session.status !== 'paid') return { status: 'declined', reason: `The session is ${effectiveStatus(session)}, not paid.` };
    if (session.method === 'usdc') return usdc.refundUsdc(session);
    const taken = session.method === 'ach' ? await bankPaymentOf(session) : await cardPaymentOf(session);
    if (!taken)
      return { status: 'declined', reason: `The ${session.method === 'ach' ? 'bank' : 'card'} payment cannot be refunded right now.` };
    const outcome = await taken.provider.refund({
      paymentId: taken.paymentId,
      orderId: session.id,
      transactionId: taken.transactionId,
      amountCents: session.amountCents,
      currency: 'USD',
    });
    if (outcome.status !== 'refunded') return { status: 'declined', reason: outcome.reason ?? 'The payment provider declined the refund.' };
    const moved = await db.transaction(async (tx) => {
      const row = await repo.moveSession(tx, session.id, ['paid'], { status: 'refunded' });
      if (row) await repo.insertOutbox(tx, row, 'payment.refunded', { ...successInfo(row), reason: 'Refunded by the merchant' });
      return row;
    });
    if (moved) onEvent();
    return { status: 'refunded' };
  }

  return { refund };
}
