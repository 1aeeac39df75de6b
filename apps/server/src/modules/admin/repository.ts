// The admin console's reads (issue 12). Read-only SQL over the store's tables: the console looks across
// modules (orders, payments, ledger, people) and changes nothing here; changes go through the module that
// owns the data, which writes the audit log. Every list reads one row more than its page (hasMore) rather
// than counting: the indexes of migration 0023 serve the order and the filters.
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cashouts, kycRecords, ledgerEntries, orderItems, orders, orderStatuses, payments, users } from '../../db/schema.ts';

/** A LIKE pattern matching what starts with `text` (its %, _ and \ taken literally). */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Paging {
  page: number;
  limit: number;
}

/** One row more than the page tells whether another page follows. */
export function paged<T>(rows: T[], { page, limit }: Paging) {
  return { rows: rows.slice(0, limit), page, limit, hasMore: rows.length > limit };
}

/** An order's own columns, as the console lists them. */
export const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  status: orders.status,
  totalCents: orders.totalCents,
  coins: orders.coins,
  bonusCoins: orders.bonusCoins,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};

export const orderSummaryColumns = {
  ...orderColumns,
  email: users.email,
  /** The shopper as people know them (issue 24: people by name and e-mail, never by id alone). */
  name: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`,
};

export async function findOrder(db: Db, id: string) {
  const [order] = await db
    .select({
      ...orderSummaryColumns,
      source: orders.source,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      taxCents: orders.taxCents,
      couponCode: orders.couponCode,
      failureReason: orders.failureReason,
      fulfilledAt: orders.fulfilledAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!order) return undefined;
  const items = await db
    .select({
      itemKind: orderItems.itemKind,
      itemId: orderItems.itemId,
      name: orderItems.name,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
      coins: orderItems.coins,
      bonusCoins: orderItems.bonusCoins,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(orderItems.position);
  const orderPayments = await db.select().from(payments).where(eq(payments.orderId, id)).orderBy(payments.createdAt);
  // The order's coins (order:), their reversal after a refund (reversal:order:), a payment taken back (payment:).
  const references = [`order:${id}`, `reversal:order:${id}`, ...orderPayments.map((p) => `payment:${p.id}`)];
  const ledger = await db.select().from(ledgerEntries).where(inArray(ledgerEntries.reference, references)).orderBy(ledgerEntries.id);
  return { order: { ...order, items }, payments: orderPayments, ledger };
}

/** Users newest first; q is the start of the e-mail, first name or last name (any case). */
export async function searchUsers(db: Db, search: Paging & { q?: string }) {
  const pattern = search.q ? prefixPattern(search.q.toLowerCase()) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(
      pattern
        ? or(
            sql`${users.email} LIKE ${pattern}`,
            sql`lower(${users.firstname}) LIKE ${pattern}`,
            sql`lower(${users.lastname}) LIKE ${pattern}`,
          )
        : undefined,
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(search.limit + 1)
    .offset((search.page - 1) * search.limit);
  return paged(rows, search);
}

export async function findUser(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findVerification(db: Db, userId: string) {
  const [record] = await db.select().from(kycRecords).where(eq(kycRecords.userId, userId));
  return record;
}

export const recentLedger = (db: Db, userId: string, limit: number) =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(desc(ledgerEntries.id)).limit(limit);

/** Paid or fulfilled orders' totals, by the time they were paid, since an instant. */
export async function salesSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(and(gte(orders.paidAt, since), inArray(orders.status, ['paid', 'fulfilled'])));
  return Number(row?.total ?? 0);
}

export async function countOrdersByState(db: Db) {
  const rows = await db
    .select({ status: orders.status, n: sql<string>`count(*)` })
    .from(orders)
    .groupBy(orders.status);
  const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as Record<(typeof orderStatuses)[number], number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function countPendingCashouts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(cashouts)
    .where(eq(cashouts.status, 'PENDING'));
  return Number(row?.n ?? 0);
}
