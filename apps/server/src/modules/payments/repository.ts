import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, savedCards } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type SavedCardRow = typeof savedCards.$inferSelect;
type PaymentStatus = PaymentRow['status'];

/** Returns false when another call for the same order is already in flight (unique index). */
export async function insertPaymentIfNoneInFlight(db: Db, row: NewPaymentRow): Promise<boolean> {
  const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length === 1;
}

export async function hasApprovedPayment(db: Db, orderId: string): Promise<boolean> {
  const rows = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'approved'))).limit(1);
  return rows.length > 0;
}

export async function findPaymentByTransaction(db: Db, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  return row;
}

export async function findUserPayment(db: Db, userId: string, orderId: string, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.orderId, orderId), eq(payments.transactionId, transactionId)))
    .limit(1);
  return row;
}

/** Moves a payment on only from the given statuses; false when another request got there first. */
export async function updatePayment(db: Db, id: string, from: PaymentStatus[], patch: Partial<NewPaymentRow>): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length === 1;
}

/** Saving puts the card first and replaces the entry with the same userPaymentOptionId (SPEC §4). */
export async function upsertSavedCard(db: Db, card: Omit<typeof savedCards.$inferInsert, 'createdAt' | 'deletedAt'>): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .insert(savedCards)
    .values({ ...card, createdAt: new Date() })
    .onConflictDoUpdate({
      target: savedCards.id,
      set: {
        vaultToken: card.vaultToken,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        createdAt: sql`now()`,
        deletedAt: null,
      },
      // A card id never moves to another shopper.
      setWhere: eq(savedCards.userId, card.userId),
    })
    .returning();
  return row;
}

export async function listSavedCards(db: Db, userId: string): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
}

export async function findSavedCard(db: Db, userId: string, id: string): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .limit(1);
  return row;
}

export async function deleteSavedCard(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(savedCards)
    .set({ deletedAt: new Date() })
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .returning({ id: savedCards.id });
  return rows.length === 1;
}
