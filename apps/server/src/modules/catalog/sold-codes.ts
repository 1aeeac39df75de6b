// Sold gift-card codes as the redemption module redeems them (issue 25: the codes are the catalogue's stock,
// so their SQL is here): a sold code with its gift card, locked for its one redemption, and marked redeemed.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardCodes, giftCards } from '../../db/schema.ts';

export interface SoldCode {
  id: string;
  code: string;
  orderId: string;
  name: string;
  image: string;
  coins: number;
  bonusCoins: number;
  redeemedBy: string | null;
  redeemedAt: Date | null;
}

const soldCodeColumns = {
  id: giftCardCodes.id,
  code: giftCardCodes.code,
  orderId: sql<string>`${giftCardCodes.orderId}`,
  name: giftCards.name,
  image: giftCards.image,
  // Codes sold before 0048 were valued by its migration; the gift card's coins only if one slipped through.
  coins: sql<number>`coalesce(${giftCardCodes.coins}, ${giftCards.coins})`.mapWith(Number),
  bonusCoins: sql<number>`coalesce(${giftCardCodes.bonusCoins}, 0)`.mapWith(Number),
  redeemedBy: giftCardCodes.redeemedBy,
  redeemedAt: giftCardCodes.redeemedAt,
};

/** The code, if it was sold (handed to a buyer); a code still in stock or reserved is not anyone's to redeem. */
export async function findSoldCode(db: Db | Tx, code: string): Promise<SoldCode | undefined> {
  const rows = await db
    .select(soldCodeColumns)
    .from(giftCardCodes)
    .innerJoin(giftCards, eq(giftCards.id, giftCardCodes.giftCardId))
    .where(and(eq(giftCardCodes.code, code), isNotNull(giftCardCodes.assignedAt), isNotNull(giftCardCodes.orderId)));
  return rows[0];
}

/** The same, locked until the transaction ends: one redemption at a time per code. */
export async function lockSoldCode(tx: Tx, id: string): Promise<SoldCode | undefined> {
  const rows = await tx
    .select(soldCodeColumns)
    .from(giftCardCodes)
    .innerJoin(giftCards, eq(giftCards.id, giftCardCodes.giftCardId))
    .where(eq(giftCardCodes.id, id))
    .for('update', { of: giftCardCodes });
  return rows[0];
}

export async function markRedeemed(tx: Tx, id: string, userId: string): Promise<Date> {
  const [row] = await tx
    .update(giftCardCodes)
    .set({ redeemedBy: userId, redeemedAt: sql`now()` })
    .where(eq(giftCardCodes.id, id))
    .returning({ redeemedAt: giftCardCodes.redeemedAt });
  return row!.redeemedAt!;
}

/** An order's codes someone redeemed: who, and under which code. */
export async function listRedeemedCodesOfOrder(tx: Tx, orderId: string): Promise<{ id: string; redeemedBy: string }[]> {
  const rows = await tx
    .select({ id: giftCardCodes.id, redeemedBy: giftCardCodes.redeemedBy })
    .from(giftCardCodes)
    .where(and(eq(giftCardCodes.orderId, orderId), isNotNull(giftCardCodes.redeemedAt)));
  return rows.map((r) => ({ id: r.id, redeemedBy: r.redeemedBy! }));
}
