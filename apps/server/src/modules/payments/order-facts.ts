// What checkout asks payments about its orders (issue 25, ADR 057): whether an order's payment is
// settling, and how a paid order was paid. Payments holds these facts in its payment rows; checkout
// reads them here, through this module's index, rather than from the rows themselves.
import { and, eq, inArray } from 'drizzle-orm';
import type { PaymentMethodKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';

/**
 * Of these orders, those with a payment taken whose money is settling (a bank payment, ACH: status
 * 'pending'). Such an order waits for it: its reservations do not expire and it cannot be canceled
 * (ADR 011). Read from the payment rows, the one place that knows, rather than from a copy on the order
 * that every way out of 'pending' would have to clear.
 */
export async function listSettlingOrderIds(db: Db | Tx, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: payments.orderId })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.status, 'pending')));
  return new Set(rows.map((r) => r.orderId));
}

/** Whether a payment of the order is settling; in the caller's transaction, after it locked the order. */
export async function hasSettlingPayment(db: Db | Tx, orderId: string): Promise<boolean> {
  return (await listSettlingOrderIds(db, [orderId])).has(orderId);
}

/** The method each of these payments was made with (an order's paymentId names the one that paid it). */
export async function listPaymentMethods(db: Db | Tx, paymentIds: string[]): Promise<Map<string, PaymentMethodKind>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db.select({ id: payments.id, method: payments.method }).from(payments).where(inArray(payments.id, paymentIds));
  return new Map(rows.map((r) => [r.id, r.method]));
}
