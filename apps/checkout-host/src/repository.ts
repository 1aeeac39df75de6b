// SQL of the hosted checkout (its own tables, tables.ts, in its own schema: ADR 047).
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from './db.ts';
import {
  checkoutBankAttempts,
  checkoutCardAttempts,
  checkoutCardHolds,
  checkoutChainPayments,
  checkoutFraudChecks,
  checkoutMerchants,
  checkoutSessions,
  checkoutWebhookOutbox,
} from './tables.ts';

export type MerchantRow = typeof checkoutMerchants.$inferSelect;
export type SessionRow = typeof checkoutSessions.$inferSelect;
export type ChainPaymentRow = typeof checkoutChainPayments.$inferSelect;
export type CardAttemptRow = typeof checkoutCardAttempts.$inferSelect;
export type BankAttemptRow = typeof checkoutBankAttempts.$inferSelect;
export type OutboxRow = typeof checkoutWebhookOutbox.$inferSelect;
export type FraudCheckRow = typeof checkoutFraudChecks.$inferSelect;
type SessionStatus = SessionRow['status'];

export const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

export async function findMerchant(db: Db, id: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(checkoutMerchants).where(eq(checkoutMerchants.id, id)).limit(1);
  return row;
}

export async function upsertMerchant(
  db: Db,
  row: Pick<MerchantRow, 'id' | 'name' | 'allowedOrigins' | 'webhookUrl' | 'nsurePartnerId'> & {
    settlementAddresses?: Record<string, string>;
  },
): Promise<void> {
  const { settlementAddresses, ...rest } = row;
  await db
    .insert(checkoutMerchants)
    .values({ ...rest, settlementAddresses: settlementAddresses ?? {} })
    .onConflictDoUpdate({
      target: checkoutMerchants.id,
      set: {
        ...rest,
        // Given addresses replace those of the same chain; sandbox ones made earlier stay.
        settlementAddresses: sql`${checkoutMerchants.settlementAddresses} || ${JSON.stringify(settlementAddresses ?? {})}::jsonb`,
        updatedAt: new Date(),
      },
    });
}

/** Sets the chain's settlement address unless one is there already; answers the one that is. */
export async function setSettlementAddressOnce(db: Db, merchantId: string, chain: string, address: string): Promise<string> {
  await db
    .update(checkoutMerchants)
    .set({
      settlementAddresses: sql`jsonb_set(${checkoutMerchants.settlementAddresses}, ${`{${chain}}`}::text[], ${JSON.stringify(address)}::jsonb)`,
    })
    .where(and(eq(checkoutMerchants.id, merchantId), sql`NOT (${checkoutMerchants.settlementAddresses} ? ${chain})`));
  const merchant = await findMerchant(db, merchantId);
  return merchant!.settlementAddresses[chain]!;
}

export async function findSessionByReference(db: Db, merchantId: string, reference: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.merchantId, merchantId), eq(checkoutSessions.reference, reference)))
    .limit(1);
  return row;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row;
}

export async function findSessionByKeyHash(db: Db, keyHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.sessionKeyHash, keyHash)).limit(1);
  return row;
}

export async function insertSession(db: Db, row: typeof checkoutSessions.$inferInsert): Promise<SessionRow | undefined> {
  const [inserted] = await db.insert(checkoutSessions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/**
 * Locks the session's row for the rest of the transaction. A transaction that writes a session and a row of its
 * own (a refund) takes the session's row first, as a refund's claim does: two never wait on each other in turn.
 */
export async function lockSession(tx: Tx, id: string): Promise<void> {
  await tx.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.id, id)).for('update');
}

/** Moves a session from one of `from` to a new state; undefined when it was not in one of them (someone else moved it). */
export async function moveSession(
  db: Db | Tx,
  id: string,
  from: SessionStatus[],
  set: Partial<typeof checkoutSessions.$inferInsert>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(checkoutSessions.id, id), inArray(checkoutSessions.status, from)))
    .returning();
  return row;
}

/**
 * Authorised sessions whose capture was asked for at least `afterMs` ago and never answered (the provider's
 * answer lost, or the host stopped): the reconciliation asks the provider again (capture.ts).
 */
export async function capturesInDoubt(db: Db, limit: number, afterMs: number, now = new Date()): Promise<SessionRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'authorized'), lt(checkoutSessions.captureRequestedAt, new Date(now.getTime() - afterMs))))
    .orderBy(asc(checkoutSessions.captureRequestedAt))
    .limit(limit);
}

export async function expireSessions(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(checkoutSessions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(checkoutSessions.status, 'open'), lt(checkoutSessions.expiresAt, now)))
    .returning({ id: checkoutSessions.id });
  return rows.length;
}

/**
 * A merchant webhook event of a session, written in the transaction that changes it. Every event of a session
 * carries the merchant's webhookInfo (SPEC §2), when the session has one, in its data.
 */
export async function insertOutbox(
  tx: Db | Tx,
  session: Pick<SessionRow, 'merchantId' | 'webhookInfo'>,
  type: string,
  data: Record<string, unknown>,
): Promise<string> {
  const eventId = newId('evt');
  const payload = {
    id: eventId,
    type,
    createdAt: new Date().toISOString(),
    data: { ...data, ...(session.webhookInfo ? { webhookInfo: session.webhookInfo } : {}) },
  };
  await tx.insert(checkoutWebhookOutbox).values({ eventId, merchantId: session.merchantId, type, payload });
  return eventId;
}

export async function dueOutbox(db: Db, limit: number, now = new Date()): Promise<OutboxRow[]> {
  return db
    .select()
    .from(checkoutWebhookOutbox)
    .where(
      and(isNull(checkoutWebhookOutbox.deliveredAt), lte(checkoutWebhookOutbox.nextAttemptAt, now), lt(checkoutWebhookOutbox.attempts, 50)),
    )
    .orderBy(asc(checkoutWebhookOutbox.createdAt))
    .limit(limit);
}

export async function markOutbox(db: Db, eventId: string, set: Partial<OutboxRow>): Promise<void> {
  await db.update(checkoutWebhookOutbox).set(set).where(eq(checkoutWebhookOutbox.eventId, eventId));
}

export async function insertCardAttempt(
  db: Db,
  sessionId: string,
  cardToken: string | null = null,
  payer: CardAttemptRow['payer'] = null,
): Promise<string> {
  const id = newId('ca');
  await db.insert(checkoutCardAttempts).values({ id, sessionId, status: 'started', cardToken, payer });
  return id;
}

export async function findCardAttempt(db: Db, id: string): Promise<CardAttemptRow | undefined> {
  const [row] = await db.select().from(checkoutCardAttempts).where(eq(checkoutCardAttempts.id, id)).limit(1);
  return row;
}

/** Moves an attempt only from one of `from`: of callers racing (the return page, a poll, reconciliation), one wins. */
export async function moveCardAttempt(
  db: Db | Tx,
  id: string,
  from: CardAttemptRow['status'][],
  set: Partial<CardAttemptRow>,
): Promise<CardAttemptRow | undefined> {
  const [row] = await db
    .update(checkoutCardAttempts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(checkoutCardAttempts.id, id), inArray(checkoutCardAttempts.status, from)))
    .returning();
  return row;
}

export async function updateCardAttempt(db: Db | Tx, id: string, set: Partial<CardAttemptRow>): Promise<void> {
  await db
    .update(checkoutCardAttempts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(checkoutCardAttempts.id, id));
}

export async function latestCardAttempt(db: Db, sessionId: string): Promise<CardAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutCardAttempts)
    .where(eq(checkoutCardAttempts.sessionId, sessionId))
    .orderBy(desc(checkoutCardAttempts.createdAt))
    .limit(1);
  return row;
}

/**
 * Card challenges left open, and attempts left 'started' (in a provider call) for longer than `stuckMs`: a
 * final payment after a challenge whose answer was lost (a restart), which only a lookup can settle.
 */
export async function openChallenges(db: Db, limit: number, stuckMs = 5 * 60_000, now = new Date()): Promise<CardAttemptRow[]> {
  return db
    .select()
    .from(checkoutCardAttempts)
    .where(
      or(
        eq(checkoutCardAttempts.status, 'challenge'),
        and(eq(checkoutCardAttempts.status, 'started'), lt(checkoutCardAttempts.updatedAt, new Date(now.getTime() - stuckMs))),
      ),
    )
    .limit(limit);
}

export async function insertBankAttempt(
  db: Db,
  row: Pick<BankAttemptRow, 'sessionId' | 'userPaymentOptionId' | 'accountLast4' | 'payer'>,
): Promise<BankAttemptRow> {
  const [inserted] = await db
    .insert(checkoutBankAttempts)
    .values({ id: newId('ba'), ...row, status: 'started' })
    .returning();
  return inserted!;
}

export async function updateBankAttempt(db: Db | Tx, id: string, set: Partial<BankAttemptRow>): Promise<void> {
  await db
    .update(checkoutBankAttempts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(checkoutBankAttempts.id, id));
}

export async function latestBankAttempt(db: Db, sessionId: string): Promise<BankAttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutBankAttempts)
    .where(eq(checkoutBankAttempts.sessionId, sessionId))
    .orderBy(desc(checkoutBankAttempts.createdAt))
    .limit(1);
  return row;
}

/** Bank debits not settled yet, the longest-unasked first. */
export async function pendingBankAttempts(db: Db, limit: number): Promise<BankAttemptRow[]> {
  return db
    .select()
    .from(checkoutBankAttempts)
    .where(eq(checkoutBankAttempts.status, 'pending'))
    .orderBy(asc(checkoutBankAttempts.updatedAt))
    .limit(limit);
}

export async function insertChainPayment(db: Db, row: Omit<typeof checkoutChainPayments.$inferInsert, 'id'>): Promise<string> {
  const id = newId('cp');
  await db.insert(checkoutChainPayments).values({ id, ...row });
  return id;
}

export async function findChainPayment(db: Db, id: string): Promise<ChainPaymentRow | undefined> {
  const [row] = await db.select().from(checkoutChainPayments).where(eq(checkoutChainPayments.id, id)).limit(1);
  return row;
}

export async function findChainPaymentByTx(db: Db, chain: string, txId: string): Promise<ChainPaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutChainPayments)
    .where(and(eq(checkoutChainPayments.chain, chain), eq(checkoutChainPayments.txId, txId)))
    .limit(1);
  return row;
}

export async function updateChainPayment(
  db: Db | Tx,
  id: string,
  from: ChainPaymentRow['status'][],
  set: Partial<typeof checkoutChainPayments.$inferInsert>,
): Promise<ChainPaymentRow | undefined> {
  const [row] = await db
    .update(checkoutChainPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(checkoutChainPayments.id, id), inArray(checkoutChainPayments.status, from)))
    .returning();
  return row;
}

export async function submittedChainPayments(db: Db, limit: number): Promise<ChainPaymentRow[]> {
  return db
    .select()
    .from(checkoutChainPayments)
    .where(eq(checkoutChainPayments.status, 'submitted'))
    .orderBy(asc(checkoutChainPayments.updatedAt))
    .limit(limit);
}

/** The merchant's hold on its customer's card payments, if it has one (it may have ended). */
export async function findCardHold(db: Db, merchantId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(checkoutCardHolds)
    .where(and(eq(checkoutCardHolds.merchantId, merchantId), eq(checkoutCardHolds.customerId, customerId)))
    .limit(1);
  return row;
}

/** Holds the customer's card payments until `until`, or keeps a longer hold; answers the hold in force. */
export async function holdCardPayments(db: Db, merchantId: string, customerId: string, until: Date): Promise<Date> {
  const [row] = await db
    .insert(checkoutCardHolds)
    .values({ merchantId, customerId, holdUntil: until })
    .onConflictDoUpdate({
      target: [checkoutCardHolds.merchantId, checkoutCardHolds.customerId],
      set: { holdUntil: sql`GREATEST(${checkoutCardHolds.holdUntil}, excluded.hold_until)`, updatedAt: new Date() },
    })
    .returning({ holdUntil: checkoutCardHolds.holdUntil });
  return row!.holdUntil;
}

export async function insertFraudCheck(
  db: Db | Tx,
  row: Omit<typeof checkoutFraudChecks.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const id = newId('fc');
  await db.insert(checkoutFraudChecks).values({ id, ...row });
  return id;
}

/** A session's fraud checks, oldest first. */
export async function fraudChecksOf(db: Db, sessionId: string): Promise<FraudCheckRow[]> {
  return db
    .select()
    .from(checkoutFraudChecks)
    .where(eq(checkoutFraudChecks.sessionId, sessionId))
    .orderBy(asc(checkoutFraudChecks.createdAt), asc(checkoutFraudChecks.id));
}
