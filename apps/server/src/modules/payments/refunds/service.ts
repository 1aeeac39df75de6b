// An admin refunds an order through the provider that took its money (issue 12, ADR 026). Three steps,
// so a refund is never made twice and a declined one changes nothing:
//   1. claim (the pay-an-order workflow's claimRefund, then claimOrderRefund here): with the order locked,
//      its approved payment moves to 'refunding' (two admins at once: the second finds the claim and is told, 409);
//   2. the provider is asked (outside any transaction: it may take seconds);
//   3. refunded: in ONE transaction (the pay-an-order workflow's reverseOrder) the coins go back through the
//      ledger, the payment becomes 'refunded' with the audit entry (recordOrderReversal), and the order is
//      refunded (the live wallet event with it); declined: the claim is released (approved again), 422 with the reason.
// The provider's own news of the refund (Stripe's charge.refunded) finds the payment 'refunding' or
// 'refunded', not 'approved', so the shared reversal (reversal.ts) takes nothing back a second time.
import type { AdminRefundResult, OrderStatus } from '@store/shared';
import { notFound } from '@store/server-kit';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { PaymentProvider, RefundOutcome } from '@store/server-kit';
import type { RefundClaim } from '../../../providers/payments/core-port.ts';
import type { PaymentsDeps } from '../deps.ts';
import { claimForRefund, findPaymentForUpdate, releaseRefundClaim } from './repository.ts';

/**
 * A claim whose provider call failed (an error, a timeout) is left 'refunding': the provider may have
 * refunded. After this long an admin's retry takes it over and asks the provider first whether it did.
 */
export const REFUND_RETRY_AFTER_MS = 60_000;

/** The refunded order's reason, as the shopper sees it (the admin's own reason stays in the audit log). */
export const ORDER_REFUNDED_BY_STORE = 'This order was refunded, so its coins were taken back.';

const alreadyRefunded = () => new AppError(409, 'ALREADY_REFUNDED', 'This order has already been refunded.');
const inProgress = () => new AppError(409, 'REFUND_IN_PROGRESS', 'A refund of this order is already in progress.');
const notRefundable = (state: string) =>
  new AppError(409, 'ORDER_STATE', `Only a paid or fulfilled order can be refunded; this one is ${state}.`);

/**
 * Step 1 of a refund, in the pay-an-order workflow's transaction after it locked the order (`order`: its
 * status and the payment that paid it; undefined when there is no such order): the approved payment
 * moves to 'refunding', or the refusal says why not.
 */
export async function claimOrderRefund(
  tx: Tx,
  orderId: string,
  order: { status: OrderStatus; paymentId: string | null } | undefined,
  now: number,
): Promise<RefundClaim> {
  if (!order) throw notFound('No order with this id.');
  if (order.status === 'refunded') throw alreadyRefunded();
  if ((order.status !== 'paid' && order.status !== 'fulfilled') || !order.paymentId) throw notRefundable(order.status);
  const payment = await findPaymentForUpdate(tx, order.paymentId);
  if (!payment) throw new Error(`refund: order ${orderId} names a payment that does not exist`);
  if (payment.status === 'refunding' && now - payment.updatedAt.getTime() < REFUND_RETRY_AFTER_MS) throw inProgress();
  if (payment.status !== 'approved' && payment.status !== 'refunding') throw alreadyRefunded();
  const claimed = await claimForRefund(tx, payment);
  if (!claimed) throw inProgress();
  return { orderState: order.status, payment: claimed, takenOver: payment.status === 'refunding' };
}

/** What the provider did; a failure (error, timeout) leaves the claim for a retry (502). */
async function askProvider(deps: PaymentsDeps, provider: PaymentProvider, { payment, takenOver }: RefundClaim): Promise<RefundOutcome> {
  const about = { paymentId: payment.id, orderId: payment.orderId, provider: payment.provider };
  try {
    if (takenOver) {
      // The last call's answer was lost: it may have refunded already.
      const found = await provider.lookup({
        paymentId: payment.id,
        orderId: payment.orderId,
        transactionId: payment.transactionId,
        startedAt: payment.createdAt,
      });
      if (found.status === 'refunded') return { status: 'refunded', transactionId: found.transactionId };
    }
    return await provider.refund({
      paymentId: payment.id,
      orderId: payment.orderId,
      transactionId: payment.transactionId,
      amountCents: payment.amountCents,
      currency: 'USD',
    });
  } catch (err) {
    deps.log.error({ ...about, err: err instanceof Error ? err.message : String(err) }, "an admin's refund: the provider did not answer");
    throw new AppError(
      502,
      'PROVIDER_UNAVAILABLE',
      'The payment service did not answer. The refund stays in progress; try again in a minute (it is never made twice).',
    );
  }
}

/** POST v1/admin/orders/:id/refund. */
export async function refundOrder(deps: PaymentsDeps, actorId: string, orderId: string, reason: string): Promise<AdminRefundResult> {
  const claimed = await deps.payOrder.claimRefund(deps.db, orderId, Date.now());
  const { payment } = claimed;
  const provider = deps.providers.get(payment.provider);
  if (!provider) {
    await releaseRefundClaim(deps.db, payment.id);
    deps.log.error({ paymentId: payment.id, provider: payment.provider }, "an admin's refund: the payment's provider is not registered");
    throw new AppError(
      422,
      'REFUND_UNAVAILABLE',
      `This order was paid through ${payment.provider}, which is not available now, so it cannot be refunded here. Nothing was changed.`,
    );
  }
  const outcome = await askProvider(deps, provider, claimed);
  if (outcome.status === 'declined') {
    await releaseRefundClaim(deps.db, payment.id);
    deps.log.warn({ paymentId: payment.id, orderId, reason: outcome.reason }, "an admin's refund was declined by the provider");
    throw new AppError(
      422,
      'REFUND_DECLINED',
      `The payment provider declined the refund: ${outcome.reason ?? 'no reason given'}. Nothing was changed.`,
    );
  }

  const { reversed, reversedCoins } = await deps.payOrder.reverseOrder(deps, orderId, ORDER_REFUNDED_BY_STORE, {
    kind: 'store-refund',
    paymentId: payment.id,
    audit: {
      actorId,
      action: 'order.refund',
      targetType: 'order',
      targetId: orderId,
      before: { state: claimed.orderState, paymentId: payment.id, paymentStatus: 'approved' },
      after: {
        state: 'refunded',
        paymentId: payment.id,
        paymentStatus: 'refunded',
        provider: payment.provider,
        providerRefundId: outcome.transactionId,
        refundedCents: payment.amountCents,
        reason,
      },
    },
  });
  // The claim keeps the order from any other refund, and the provider's own news of it from reversing it.
  if (!reversed) throw new Error(`refund: order ${orderId} was refunded while its payment was claimed`);
  deps.log.warn({ paymentId: payment.id, orderId, actorId, reversedCoins }, 'an admin refunded an order: its coins were taken back');
  return { orderId, state: 'refunded', refundedCents: payment.amountCents, reversedCoins };
}
