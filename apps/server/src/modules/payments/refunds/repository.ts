// SQL of an admin's refund (ADR 026): the order's payment claimed for the refund, the claim released
// after a decline, and the claim settled as 'refunded' with the reversal.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { payments } from '../../../db/schema.ts';
import type { PaymentRow } from '../repository.ts';

export async function findPaymentForUpdate(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/**
 * approved → refunding, or a claim left 'refunding' (the provider did not answer) taken over, its time
 * renewed. Called with the order and the payment locked; the status condition is the second guard.
 */
export async function claimForRefund(tx: Tx, payment: PaymentRow): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'refunding', updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  return row;
}

/** The provider declined (or cannot be asked): the payment is approved again, as if nothing happened. */
export async function releaseRefundClaim(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'approved', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refunding')))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** The provider refunded: written in the reversal's transaction. */
export async function settleRefundClaim(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'refunding')))
    .returning({ id: payments.id });
  return rows.length === 1;
}
