// SQL for gift-card code stock and the outbox.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts, firstPurchases, giftCardCodes, giftCards, ledgerEntries, outbox, users } from '../../db/schema.ts';

export async function countCodesHeldBy(tx: Tx, orderId: string, giftCardId: string): Promise<number> {
  const rows = await tx
    .select({ n: sql<string>`count(*)` })
    .from(giftCardCodes)
    .where(and(eq(giftCardCodes.orderId, orderId), eq(giftCardCodes.giftCardId, giftCardId)));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes up to `count` free codes of a gift card for an order. SKIP LOCKED lets shoppers racing for the
 * same card each take different codes instead of queueing on one row; returns how many it got.
 */
export async function reserveFreeCodes(tx: Tx, giftCardId: string, orderId: string, count: number): Promise<number> {
  if (count <= 0) return 0;
  const free = tx
    .select({ id: giftCardCodes.id })
    .from(giftCardCodes)
    .where(and(eq(giftCardCodes.giftCardId, giftCardId), isNull(giftCardCodes.orderId)))
    .orderBy(asc(giftCardCodes.createdAt), asc(giftCardCodes.id))
    .limit(count)
    .for('update', { skipLocked: true });
  const taken = await tx
    .update(giftCardCodes)
    .set({ orderId, reservedAt: sql`now()` })
    .where(and(inArray(giftCardCodes.id, free), isNull(giftCardCodes.orderId)))
    .returning({ id: giftCardCodes.id });
  return taken.length;
}

/** Puts an order's reserved (not yet assigned) codes back in stock. */
export async function releaseCodes(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(giftCardCodes)
    .set({ orderId: null, reservedAt: null })
    .where(and(eq(giftCardCodes.orderId, orderId), isNull(giftCardCodes.assignedAt)));
}

/** Hands the order's reserved codes to the buyer. */
export async function assignCodes(tx: Tx, orderId: string, userId: string): Promise<void> {
  await tx
    .update(giftCardCodes)
    .set({ userId, assignedAt: sql`now()` })
    .where(and(eq(giftCardCodes.orderId, orderId), isNull(giftCardCodes.assignedAt)));
}

export interface AssignedCode {
  orderId: string;
  giftCardId: string;
  name: string;
  code: string;
}

/** Codes assigned to the given orders, with the gift card's name. */
export async function listAssignedCodes(db: Db | Tx, orderIds: string[]): Promise<AssignedCode[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: giftCardCodes.orderId, giftCardId: giftCardCodes.giftCardId, name: giftCards.name, code: giftCardCodes.code })
    .from(giftCardCodes)
    .innerJoin(giftCards, eq(giftCards.id, giftCardCodes.giftCardId))
    .where(and(inArray(giftCardCodes.orderId, orderIds), isNotNull(giftCardCodes.assignedAt)))
    .orderBy(asc(giftCardCodes.assignedAt), asc(giftCardCodes.id));
  return rows.map((r) => ({ ...r, orderId: r.orderId! }));
}

/**
 * Makes the order the shopper's first purchase unless another order already is, and returns the id of
 * the order that is. The primary key decides between concurrent fulfilments: the later one waits for the
 * earlier to commit, then finds its row.
 */
export async function claimFirstPurchase(tx: Tx, userId: string, orderId: string): Promise<string> {
  await tx.insert(firstPurchases).values({ userId, orderId }).onConflictDoNothing();
  const rows = await tx.select({ orderId: firstPurchases.orderId }).from(firstPurchases).where(eq(firstPurchases.userId, userId));
  return rows[0]!.orderId;
}

/** Coins the ledger holds in one wallet under a reference (at most one entry: the pair is unique). */
export async function ledgerAmount(tx: Tx, reference: string, wallet: 'purchasedWallet'): Promise<number> {
  const rows = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.reference, reference), eq(ledgerEntries.wallet, wallet)));
  return Number(rows[0]?.total ?? 0);
}

export type OutboxTopic = 'mail.receipt' | 'live.wallet' | 'live.cart';

export async function enqueueOutbox(tx: Tx, rows: { topic: OutboxTopic; payload: Record<string, unknown> }[]): Promise<void> {
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}

export async function findBuyer(db: Db, userId: string): Promise<{ email: string; firstname: string } | undefined> {
  const rows = await db.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, userId));
  return rows[0];
}

/** What the header badge shows: the sum of the quantities in the shopper's cart. */
export async function cartItemCount(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<string>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Number(rows[0]?.n ?? 0);
}
