// The gift-card code stock as orders hold it (issue 25: the codes are the catalogue's, so their SQL is here;
// checkout asks through catalog's index): codes reserved for an order, released, assigned to its buyer when
// it is fulfilled, and listed with their orders.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardCodes, giftCards } from '../../db/schema.ts';

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

/** A code's bonus as its gift card gives one (cart/totals packageBonus for one card): fixed coins or a percentage. */
const giftCardBonus = sql`(SELECT CASE g.bonus_type WHEN 'COINS' THEN coalesce(g.bonus_amount, 0)
  WHEN 'PERCENTAGE' THEN (g.coins * coalesce(g.bonus_amount, 0)) / 100 ELSE 0 END
  FROM gift_cards g WHERE g.id = ${giftCardCodes.giftCardId})`;

/** Hands the order's reserved codes to the buyer, with what each gives when redeemed (its gift card's value now). */
export async function assignCodes(tx: Tx, orderId: string, userId: string): Promise<void> {
  await tx
    .update(giftCardCodes)
    .set({
      userId,
      assignedAt: sql`now()`,
      coins: sql`(SELECT g.coins FROM gift_cards g WHERE g.id = ${giftCardCodes.giftCardId})`,
      bonusCoins: giftCardBonus,
    })
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
