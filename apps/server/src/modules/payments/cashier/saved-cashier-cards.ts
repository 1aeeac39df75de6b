// Cards the shopper saved on the card provider's hosted payment page (SPEC §3 userSavedNuveiCashierCards,
// §4 Deleting; ADR 014). The provider keeps the card; we keep what its notification told us to list it.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { cashierSavedCards } from '../../../db/schema.ts';

export interface CashierCard {
  userPaymentOptionId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const toCashierCard = (row: typeof cashierSavedCards.$inferSelect): CashierCard => ({
  userPaymentOptionId: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
});

/** Newest first; a card saved again moves to the front. */
export async function listCashierCards(db: Db, userId: string): Promise<CashierCard[]> {
  const rows = await db
    .select()
    .from(cashierSavedCards)
    .where(and(eq(cashierSavedCards.userId, userId), isNull(cashierSavedCards.deletedAt)))
    .orderBy(desc(cashierSavedCards.createdAt), desc(cashierSavedCards.id));
  return rows.map(toCashierCard);
}

/** False when the id is not one of this shopper's listed cashier cards (nothing changes then). */
export async function removeCashierCard(db: Db, userId: string, userPaymentOptionId: string): Promise<boolean> {
  const rows = await db
    .update(cashierSavedCards)
    .set({ deletedAt: new Date() })
    .where(and(eq(cashierSavedCards.id, userPaymentOptionId), eq(cashierSavedCards.userId, userId), isNull(cashierSavedCards.deletedAt)))
    .returning({ id: cashierSavedCards.id });
  return rows.length === 1;
}

/**
 * Records a card the provider says the shopper saved on its page. A card id never moves to another
 * shopper (the update applies only to the owner's row), so a notification naming someone else's id
 * changes nothing.
 */
export async function keepCashierCard(db: Db | Tx, userId: string, provider: string, card: CashierCard): Promise<void> {
  await db
    .insert(cashierSavedCards)
    .values({
      id: card.userPaymentOptionId,
      userId,
      provider,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .onConflictDoUpdate({
      target: cashierSavedCards.id,
      set: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, createdAt: sql`now()`, deletedAt: null },
      setWhere: eq(cashierSavedCards.userId, userId),
    });
}
