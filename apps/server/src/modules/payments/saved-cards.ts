// Saved cards (SPEC §3 Saved payment state, §4 Saving and Deleting).
import type { LastUsedCard, SavedCard, SavedCardKind } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '@store/server-kit';
import type { ProviderCard } from '@store/server-kit';
import * as repo from './repository.ts';

export const CARD_NOT_FOUND = 'Card not found.';

export const toSavedCard = (row: Pick<repo.SavedCardRow, 'id' | 'brand' | 'last4' | 'expMonth' | 'expYear'>): SavedCard => ({
  userPaymentOptionId: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  provider: 'nuvei',
});

/**
 * Saving puts the card first and replaces the entry with the same userPaymentOptionId. Undefined when
 * the id belongs to another shopper (the upsert never moves a card between shoppers).
 */
export async function keepCard(db: Db, userId: string, card: ProviderCard, fallbackVaultToken: string): Promise<SavedCard | undefined> {
  const row = await repo.upsertSavedCard(db, {
    id: card.userPaymentOptionId,
    userId,
    provider: 'nuvei',
    vaultToken: card.vaultToken || fallbackVaultToken,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
  return row ? toSavedCard(row) : undefined;
}

export async function listCards(db: Db, userId: string): Promise<SavedCard[]> {
  return (await repo.listSavedCards(db, userId)).map(toSavedCard);
}

export async function removeCard(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteSavedCard(db, userId, id))) throw notFound(CARD_NOT_FOUND);
}

/** The card form that pays with a saved card of each payment method kind. */
const KIND_OF_METHOD: Partial<Record<repo.PaymentRow['method'], SavedCardKind>> = {
  card: 'card',
  saved_card: 'card',
  stripe_card: 'stripe_card',
  square_card: 'square_card',
};

/**
 * GET v1/payment/last-used-card: the saved card the shopper last paid with, so the pay page can choose it
 * for them (issue 24); null when their last card payment used a card they did not keep, or there was none.
 * The page shows it only while the card is still in the list.
 */
export async function lastUsedCardOf(db: Db, userId: string): Promise<LastUsedCard | null> {
  const row = await repo.findLastUsedCard(db, userId);
  const kind = row && KIND_OF_METHOD[row.method];
  const userPaymentOptionId = row?.method === 'card' ? row.keptCardId : row?.userPaymentOptionId;
  return kind && userPaymentOptionId ? { kind, userPaymentOptionId } : null;
}
