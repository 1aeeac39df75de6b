import { and, asc, desc, eq, inArray, isNull, like, lt, lte, notInArray, notLike, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, savedCards } from '../../db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;
export type SavedCardRow = typeof savedCards.$inferSelect;
type PaymentStatus = PaymentRow['status'];

export const SUPERSEDED_REASON = 'superseded by a newer payment attempt';

/**
 * Returns false when another attempt for the same order is in flight: initiated (a provider call, or
 * step 2 to come), challenge (the shopper at the bank's or the provider's page) or pending (money not
 * settled); the unique index of 0008 (0010 with pending) allows one.
 */
export async function insertPaymentIfNoneInFlight(db: Db | Tx, row: NewPaymentRow): Promise<boolean> {
  const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning({ id: payments.id });
  return inserted.length === 1;
}

/**
 * Fails the order's attempts that wait on the shopper and are not inside a provider call: one at the
 * bank's page, or one whose step 1 answered before `initiatedBefore` and whose step 2 never came.
 * A placeholder ('local:' id: a provider call of ours is running) is never superseded.
 */
export async function supersedeWaitingAttempts(tx: Tx, orderId: string, initiatedBefore: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', declineReason: SUPERSEDED_REASON, updatedAt: new Date() })
    .where(
      and(
        eq(payments.orderId, orderId),
        notLike(payments.transactionId, 'local:%'),
        or(eq(payments.status, 'challenge'), and(eq(payments.status, 'initiated'), lt(payments.updatedAt, initiatedBefore))),
      ),
    );
}

/**
 * Claims an initiated payment for its step-2 provider call: its transaction id becomes a 'local:'
 * placeholder (the init's id moves to relatedTransactionId), which marks a provider call in flight the
 * way init's does. Only one request can win; the others get undefined.
 */
export async function claimForPaymentStep(tx: Tx, id: string, initTransactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ transactionId: `local:${id}`, relatedTransactionId: initTransactionId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'initiated'), eq(payments.transactionId, initTransactionId)))
    .returning();
  return row;
}

/**
 * Takes a payment waiting on its 3-D Secure challenge for the final payment (ADR 037): back to 'initiated'
 * with the placeholder marking the provider call in flight (so reconciliation asks about it if the answer
 * is lost), the challenged transaction kept as the related one. Only one request takes it.
 */
export async function claimChallenged(db: Db | Tx, id: string, challengedTransactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'initiated', transactionId: `local:${id}`, relatedTransactionId: challengedTransactionId, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'challenge'), eq(payments.transactionId, challengedTransactionId)))
    .returning();
  return row;
}

export async function hasApprovedPayment(db: Db | Tx, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'approved')))
    .limit(1);
  return rows.length > 0;
}

export async function findPaymentByTransaction(db: Db, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  return row;
}

/** The shopper's payment of the order whose init transaction (or, once step 2 began, related one) this is. */
export async function findUserPayment(db: Db, userId: string, orderId: string, transactionId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.orderId, orderId),
        or(eq(payments.transactionId, transactionId), eq(payments.relatedTransactionId, transactionId)),
      ),
    )
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

/**
 * The provider's approval, written in the same transaction as the order's move to 'paid'. From any
 * state but refunded: a late approval after a decline (or after reconciliation gave up) still took money.
 */
export async function recordApproval(
  tx: Tx,
  id: string,
  approval: { transactionId: string; threeDVersion?: string | null },
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'approved',
      transactionId: approval.transactionId,
      ...(approval.threeDVersion ? { threeDVersion: approval.threeDVersion } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), inArray(payments.status, ['initiated', 'challenge', 'pending', 'declined', 'failed'])));
}

/** The approved payment paid its order (the order names it): in the approval's transaction (ADR 057). */
export async function markPaidOrder(tx: Tx, id: string): Promise<void> {
  await tx
    .update(payments)
    .set({ paidOrder: true })
    .where(and(eq(payments.id, id), eq(payments.paidOrder, false)));
}

/**
 * Approved payments that did not pay their order: the order is still pending (an approval recorded
 * before it and the order moved together) or cannot take it (to be refunded).
 */
export async function listUnsettledApprovals(db: Db, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'approved'), eq(payments.paidOrder, false)))
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/**
 * Payments in flight for longer than a provider call or a shopper's step can take: a placeholder
 * ('local:' id, the provider call's answer never written) older than placeholderBefore, or an
 * initiated / challenge / pending payment untouched since inFlightBefore. `providers` keeps those of
 * the named providers only, or those of any other provider (the rows no registered provider can answer for).
 */
export async function listStaleInFlight(
  db: Db,
  cutoffs: { now?: Date; placeholderBefore: Date; inFlightBefore: Date },
  providers: { only: string[] } | { except: string[] },
  limit: number,
): Promise<PaymentRow[]> {
  // Of no names: nobody's rows, or everybody's.
  const ofProviders = 'only' in providers ? inArray(payments.provider, providers.only) : notInArray(payments.provider, providers.except);
  return db
    .select()
    .from(payments)
    .where(
      and(
        ofProviders,
        // A lookup the provider could not answer yet waits its back-off (ADR 037).
        or(isNull(payments.nextLookupAt), lte(payments.nextLookupAt, cutoffs.now ?? new Date())),
        or(
          and(eq(payments.status, 'initiated'), like(payments.transactionId, 'local:%'), lt(payments.updatedAt, cutoffs.placeholderBefore)),
          and(
            inArray(payments.status, ['initiated', 'challenge', 'pending']),
            notLike(payments.transactionId, 'local:%'),
            lt(payments.updatedAt, cutoffs.inFlightBefore),
          ),
        ),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(limit);
}

/**
 * A lookup the provider could not answer yet (ADR 037): only the count and when to ask next change, so the
 * payment stays as it is. From the given statuses only (something else may have settled it meanwhile).
 */
export async function deferLookup(db: Db, id: string, from: PaymentStatus[], attempts: number, next: Date): Promise<void> {
  await db
    .update(payments)
    .set({ lookupAttempts: attempts, nextLookupAt: next })
    .where(and(eq(payments.id, id), inArray(payments.status, from)));
}

export async function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** Saving puts the card first and replaces the entry with the same userPaymentOptionId (SPEC §4). */
export async function upsertSavedCard(
  db: Db,
  card: Omit<typeof savedCards.$inferInsert, 'createdAt' | 'deletedAt'>,
): Promise<SavedCardRow | undefined> {
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

/** Payments that went through: the card was charged, whatever happened to the money afterwards. */
const WENT_THROUGH: PaymentStatus[] = ['approved', 'refunding', 'refunded', 'reversed'];

/**
 * The saved card the shopper's newest card payment that went through was made with: a saved card of the
 * card provider, a Stripe card (always saved first) or a saved Square card; a new card kept after the
 * payment is found by the vault token it was saved with. Undefined when that payment's card was not kept.
 */
export async function findLastUsedCard(
  db: Db,
  userId: string,
): Promise<{ method: PaymentRow['method']; userPaymentOptionId: string | null; keptCardId: string | null } | undefined> {
  const [row] = await db
    .select({ method: payments.method, userPaymentOptionId: payments.userPaymentOptionId, keptCardId: savedCards.id })
    .from(payments)
    .leftJoin(
      savedCards,
      and(
        eq(payments.method, 'card'),
        eq(savedCards.userId, payments.userId),
        eq(savedCards.vaultToken, payments.cardToken),
        isNull(savedCards.deletedAt),
      ),
    )
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.method, ['card', 'saved_card', 'stripe_card', 'square_card']),
        inArray(payments.status, WENT_THROUGH),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}
