// Cards the shopper saved on the card provider's hosted payment page (SPEC §3 userSavedNuveiCashierCards,
// §4 Deleting; ADR 014). The provider keeps the card; we keep what its notification told us to list it,
// and a delete asks the provider to forget it before our list drops it.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client.ts';
import { cashierSavedCards } from '../../../../db/schema.ts';
import { isCashierProvider } from './types.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProviders } from '../../registry.ts';
import type { SavedMethods } from '@store/server-kit';

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

/**
 * Deletes one of this shopper's listed cashier cards: the provider that saved it forgets it first (its
 * deleteUPO; the sandbox's page stops offering it), then our list drops it. False when the id is not one
 * of this shopper's listed cards (nothing changes, nothing is asked). When the provider does not answer
 * or refuses, it throws (the caller answers 502) and the card stays listed, so the shopper can try again: a card we stopped listing
 * while the provider still offers it on its page would come back there with no way to delete it (ADR 014).
 */
export async function removeCashierCard(
  deps: { db: Db; providers: PaymentProviders; log: FastifyBaseLogger },
  userId: string,
  userPaymentOptionId: string,
): Promise<boolean> {
  const { db, log } = deps;
  const mine = and(
    eq(cashierSavedCards.id, userPaymentOptionId),
    eq(cashierSavedCards.userId, userId),
    isNull(cashierSavedCards.deletedAt),
  );
  const [card] = await db.select().from(cashierSavedCards).where(mine).limit(1);
  if (!card) return false;
  const provider = deps.providers.get(card.provider);
  if (isCashierProvider(provider)) await provider.removeSavedCard({ userId, userPaymentOptionId });
  // Its provider is no longer registered (the configuration changed): no page of ours can offer it now.
  else log.warn({ provider: card.provider }, 'cashier card of a provider not registered: removed from our list only');
  // A delete racing this one may have dropped it already: it is gone either way.
  await db.update(cashierSavedCards).set({ deletedAt: new Date() }).where(mine);
  return true;
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

/**
 * The saved-methods capability of the cashier's providers (the real cashier and its sandbox): the cards
 * the shopper saved on the page, kept from the approvals that report them, listed and deleted with the
 * shopper's other methods. The family's registration gives it to the cashier provider it registered.
 */
export function cashierSavedMethods(deps: { db: Db; providers: PaymentProviders; log: FastifyBaseLogger }): SavedMethods {
  return {
    list: (userId) => listCashierCards(deps.db, userId),
    remove: (userId, id) => removeCashierCard(deps, userId, id),
    save: (userId, provider, card) => keepCashierCard(deps.db, userId, provider, card),
  };
}
