// A provider's approval, whichever provider gave it (issue 3: "the approval is recorded before anything
// else; fulfilment is retried from it"; ADR 009: one place for every provider). The pay-an-order
// workflow (workflows/pay-order, issue 25) records it with the order's move to 'paid' in one
// transaction, then keeps the card (keepApprovedCard, below) and fulfils. An approval the order cannot
// take is refunded at once, here, through the provider that took the money.
import type { OrderStatus, SavedCard } from '@store/shared';
import { conflict } from '@store/server-kit';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProviderCard, SavedMethods } from '@store/server-kit';
import type { ProviderApproval } from '../../providers/payments/core-port.ts';
import { crashPoint } from './crash-points.ts';
import { providerOf, type PaymentsDeps } from './deps.ts';
import * as repo from './repository.ts';
import { keepCard, toSavedCard } from './saved-cards.ts';

export type Approval = ProviderApproval;

/**
 * The workflow's step of payments in the approval's transaction: the row becomes approved (repeats are
 * no-ops), and records whether it paid its order (`paidOrder`: the order took it, now or before), so
 * reconciliation finds the approvals no order took without reading orders (ADR 057).
 */
export async function writeApproval(tx: Tx, paymentId: string, approval: Approval, { paidOrder }: { paidOrder: boolean }): Promise<void> {
  await repo.recordApproval(tx, paymentId, approval);
  if (paidOrder) await repo.markPaidOrder(tx, paymentId);
}

/**
 * Money was taken for an order that no longer wants it (canceled or failed while the shopper was at
 * the bank, or already paid by another attempt): give it back, through the provider that took it (the
 * one the row names). Returns whether the provider refunded.
 */
export async function refundOrphan(deps: PaymentsDeps, payment: repo.PaymentRow, transactionId: string): Promise<boolean> {
  const { db, log } = deps;
  // No provider under the row's name: logged, and the payment stays approved for a person to check.
  const provider = providerOf(deps, payment);
  if (!provider) return false;
  try {
    const outcome = await provider.refund({
      paymentId: payment.id,
      orderId: payment.orderId,
      transactionId,
      amountCents: payment.amountCents,
      currency: 'USD',
    });
    if (outcome.status === 'refunded') {
      await repo.updatePayment(db, payment.id, ['initiated', 'challenge', 'pending', 'approved'], { status: 'refunded' });
      log.warn({ paymentId: payment.id, orderId: payment.orderId }, 'refunded a payment approved for an order that could not take it');
      return true;
    }
    log.error({ paymentId: payment.id, reason: outcome.reason }, 'refund of an orphaned payment was refused');
  } catch (err) {
    log.error({ paymentId: payment.id, err: err instanceof Error ? err.message : String(err) }, 'refund of an orphaned payment failed');
  }
  return false;
}

/**
 * A card the shopper saved on the provider's hosted page (the cashier, ADR 014; its saved-methods capability): the provider names it
 * in its approval only then, and it goes to the cashier-card list, not to the vault's saved cards.
 */
async function keepAtProvider(
  { log }: PaymentsDeps,
  payment: repo.PaymentRow,
  card: ProviderCard | null,
  methods: SavedMethods,
): Promise<undefined> {
  if (!card) return undefined;
  try {
    await methods.save(payment.userId, payment.provider, card);
  } catch (err) {
    log.error(
      { paymentId: payment.id, err: err instanceof Error ? err.message : String(err) },
      'keeping the cashier card of an approved payment failed',
    );
  }
  return undefined;
}

/**
 * The workflow's step of payments after the approval committed, before fulfilment: the card goes back to
 * the shopper only when it is kept (they asked to save it, or paid with a saved one). Never throws.
 */
export async function keepApprovedCard(
  deps: PaymentsDeps,
  payment: repo.PaymentRow,
  card: ProviderCard | null,
): Promise<SavedCard | undefined> {
  crashPoint('after-approval-recorded');
  const { db, log } = deps;
  // A provider that keeps the methods saved on its own page (the cashier's) records the approval's card there.
  const keptAtProvider = deps.providers.get(payment.provider)?.savedMethods;
  if (keptAtProvider) return keepAtProvider(deps, payment, card, keptAtProvider);
  if (!payment.saveCard && !payment.userPaymentOptionId) return undefined;
  try {
    if (card) return await keepCard(db, payment.userId, card, payment.cardToken ?? '');
    const saved = payment.userPaymentOptionId ? await repo.findSavedCard(db, payment.userId, payment.userPaymentOptionId) : undefined;
    return saved ? toSavedCard(saved) : undefined;
  } catch (err) {
    // The payment stands and the order is paid; only the card was not kept.
    log.error(
      { paymentId: payment.id, err: err instanceof Error ? err.message : String(err) },
      'saving the card of an approved payment failed',
    );
    return undefined;
  }
}

/** Records the approval through the pay-an-order workflow; refunds it when the order cannot take it. Repeats are harmless. */
export async function approve(
  deps: PaymentsDeps,
  payment: repo.PaymentRow,
  approval: Approval,
): Promise<{ card?: SavedCard; orderStatus: OrderStatus }> {
  try {
    return await deps.payOrder.recordApproval(deps, payment, approval);
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'ORDER_STATE')) throw err;
    const refunded = await refundOrphan(deps, payment, approval.transactionId);
    const order = await deps.payOrder.findOrder(deps.db, payment.orderId);
    const after = refunded ? 'has been refunded' : 'will be refunded';
    if (order?.paymentId && order.paymentId !== payment.id) throw conflict(`This order was already paid. This payment ${after}.`);
    throw new AppError(409, 'ORDER_STATE', `This order can no longer be paid. The payment ${after}.`);
  }
}
