// SQL for orders and their lines.
import { and, asc, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { OUTBOX_TOPICS } from '@store/shared';
import { enqueue } from '../../background/topics.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;

/** Statuses that still hold an idempotency key (the partial unique index of 0004 agrees). */
const KEY_RELEASING_STATUSES = ['failed', 'canceled'] as const;

/**
 * Inserts the order and its lines unless a live order already holds the idempotency key.
 * Returns false when another request won the key (nothing is written then).
 */
export async function insertOrderIfKeyFree(tx: Tx, order: NewOrderRow, items: NewOrderItemRow[]): Promise<boolean> {
  const inserted = await tx
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.idempotencyKey, where: sql`status NOT IN ('failed', 'canceled')` })
    .returning({ id: orders.id });
  if (inserted.length === 0) return false;
  if (items.length > 0) await tx.insert(orderItems).values(items);
  return true;
}

export async function findLiveOrderByKey(db: Db | Tx, idempotencyKey: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.idempotencyKey, idempotencyKey), notInArray(orders.status, [...KEY_RELEASING_STATUSES])));
  return rows[0];
}

export async function findOrder(db: Db | Tx, orderId: string): Promise<OrderRow | undefined> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  return rows[0];
}

/** The order row, locked until the transaction ends: status changes are serialised per order. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const rows = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return rows[0];
}

export async function latestPendingOrder(db: Db, userId: string): Promise<OrderRow | undefined> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return rows[0];
}

/**
 * Every order update goes through here; one that changes the state also writes the outbox row that tells
 * the shopper, in the same transaction, so no state change (a bank settling days later, a return, an
 * expiry) goes unannounced, whichever module made it.
 */
export async function updateOrder(tx: Tx, orderId: string, patch: Partial<NewOrderRow>): Promise<void> {
  await tx.update(orders).set(patch).where(eq(orders.id, orderId));
  if (patch.status) await enqueue(tx, OUTBOX_TOPICS.orderState, { orderId });
}

export async function listOrderItems(db: Db | Tx, orderIds: string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.position));
}

/** A shopper's orders, newest first, leaving out those in the given statuses. */
export async function listOrdersOfUser(db: Db, userId: string, excluding: OrderRow['status'][]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), excluding.length ? notInArray(orders.status, excluding) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function listPaidOrderIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'paid')).orderBy(asc(orders.paidAt));
  return rows.map((r) => r.id);
}

/** Where a page of the expiry sweep ended: the last order's reservation time and id. */
export interface HoldingCursor {
  reservedAt: Date;
  id: string;
}

/**
 * Pending orders whose reservations were taken before `cutoff`, oldest first, after `after` (the expiry
 * sweep's pages: those whose payment is settling are skipped by the sweep and paged past, not retaken).
 */
export async function listOrdersHoldingSince(db: Db, cutoff: Date, limit: number, after?: HoldingCursor): Promise<HoldingCursor[]> {
  const rows = await db
    .select({ id: orders.id, reservedAt: orders.reservedAt })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        eq(orders.reservationsHeld, true),
        lt(orders.reservedAt, cutoff),
        after ? sql`(${orders.reservedAt}, ${orders.id}) > (${after.reservedAt.toISOString()}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(orders.reservedAt), asc(orders.id))
    .limit(limit);
  return rows.flatMap((r) => (r.reservedAt ? [{ id: r.id, reservedAt: r.reservedAt }] : []));
}

/** An order as a list of coin movements names it: its id and the number people read. */
export interface NamedOrder {
  id: string;
  number: number;
}

/**
 * The shopper's own orders among `orderIds`, by id, with their numbers (one query): the wallet history and
 * the console name the order a ledger entry is about. Another shopper's order is never named.
 */
export async function findOrderNumbers(db: Db, userId: string, orderIds: readonly string[]): Promise<Map<string, NamedOrder>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const named = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.userId, userId)));
  return new Map(named.map((o) => [o.id, o]));
}
