// Recording a provider's approval (issue 3: "the approval is recorded before anything else; fulfilment
// is retried from it"). This workflow opens the transaction: checkout locks the order, payments writes
// the approval, checkout moves the order to 'paid'; they commit together, so a crash right after leaves
// an order in 'paid' that fulfilment (now, or on restart) completes. Then payments keeps the card when
// the shopper asked, then the order is fulfilled (fulfil.ts). Each module's step is called here, in
// order; none is handed a transaction through another module.
import type { OrderStatus, SavedCard } from '@store/shared';
import { notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { findOrder, lockOrderForChange, markPaid, ORDER_NOT_FOUND } from '../../modules/checkout/index.ts';
import { keepApprovedCard, writeApproval, type PaymentsDeps } from '../../modules/payments/index.ts';
import type { PaymentRecord, ProviderApproval } from '../../providers/payments/core-port.ts';
import { fulfilOrder } from './fulfil.ts';

/**
 * The provider approved `payment`. Repeats and concurrent deliveries are harmless: only one moves the
 * order, only one fulfils it. An order that cannot take the approval (failed, canceled, or paid by another
 * payment) answers 409 ORDER_STATE, the approval still recorded, so payments refunds it. Returns the
 * order's status afterwards, and the card kept.
 */
export async function recordApproval(
  deps: PaymentsDeps,
  payment: PaymentRecord,
  approval: ProviderApproval,
): Promise<{ card?: SavedCard; orderStatus: OrderStatus }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrderForChange(tx, payment.orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    // A pending order takes it now; any other took it only if it names it already (a repeat).
    const taken = order.status === 'pending' || order.paymentId === payment.id;
    await writeApproval(tx, payment.id, approval, { paidOrder: taken });
    if (order.status !== 'pending') return { taken, status: order.status };
    await markPaid(tx, order, payment.id);
    return { taken: true, status: 'paid' as const };
  });
  // From failed or canceled, or paid by someone else: money taken for an order that cannot take it must be seen.
  if (!outcome.taken) throw new AppError(409, 'ORDER_STATE', `This order is ${outcome.status} and cannot become paid.`);

  const card = await keepApprovedCard(deps, payment, approval.card);
  try {
    await fulfilOrder(deps, payment.orderId);
  } catch {
    // The approval stands (money was taken); the order stays 'paid' and the background job for paid
    // orders retries fulfilment soon and logs why it failed. The caller learns the order is paid, not that it broke.
    deps.wake.runJobsSoon();
  }
  const order = await findOrder(deps.db, payment.orderId);
  if (!order) throw new Error(`recordApproval: order ${payment.orderId} vanished`);
  return { card, orderStatus: order.status };
}
