// SQL of identity verification: the shopper's SPEC §3 record (kyc_records), the attempts behind it
// (kyc_attempts) and admins' resets (kyc_resets). Migration 0017, ADR 016.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { JumioRecord } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { kycAttempts, kycRecords, kycResets } from '../../db/schema.ts';

/** The shopper's verification decision (null without a record or before a decision): what cash-out checks. */
export async function findVerificationDecision(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ decision: kycRecords.decision }).from(kycRecords).where(eq(kycRecords.userId, userId)).limit(1);
  return row?.decision ?? null;
}

export type KycAttemptRow = typeof kycAttempts.$inferSelect;

export async function findRecord(db: Db | Tx, userId: string): Promise<JumioRecord | null> {
  const [row] = await db
    .select({ attempts: kycRecords.attempts, decision: kycRecords.decision, status: kycRecords.status })
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId));
  return row ?? null;
}

/** The record's row, created empty when missing, locked until the transaction ends. */
export async function lockRecord(tx: Tx, userId: string): Promise<JumioRecord> {
  await tx.insert(kycRecords).values({ userId, attempts: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ attempts: kycRecords.attempts, decision: kycRecords.decision, status: kycRecords.status })
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .for('update');
  return row!;
}

/** Without creating one: null when the shopper has no record. */
export async function lockExistingRecord(tx: Tx, userId: string): Promise<JumioRecord | null> {
  const [row] = await tx
    .select({ attempts: kycRecords.attempts, decision: kycRecords.decision, status: kycRecords.status })
    .from(kycRecords)
    .where(eq(kycRecords.userId, userId))
    .for('update');
  return row ?? null;
}

export async function updateRecord(
  tx: Tx,
  userId: string,
  patch: { attempts?: number; decision?: string | null; status?: string | null },
): Promise<JumioRecord> {
  const [row] = await tx
    .update(kycRecords)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(kycRecords.userId, userId))
    .returning({ attempts: kycRecords.attempts, decision: kycRecords.decision, status: kycRecords.status });
  return row!;
}

/** The provider account of the shopper's latest attempt: Jumio keeps one account per shopper. */
export async function latestAccountId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ accountId: kycAttempts.accountId })
    .from(kycAttempts)
    .where(eq(kycAttempts.userId, userId))
    .orderBy(desc(kycAttempts.number))
    .limit(1);
  return row?.accountId ?? null;
}

export async function retireOpenAttempts(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(kycAttempts)
    .set({ retiredAt: sql`now()` })
    .where(and(eq(kycAttempts.userId, userId), isNull(kycAttempts.retiredAt)));
}

export async function insertAttempt(
  tx: Tx,
  attempt: Pick<KycAttemptRow, 'id' | 'userId' | 'accountId' | 'workflowExecutionId'>,
): Promise<void> {
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${kycAttempts.number}), 0)` })
    .from(kycAttempts)
    .where(eq(kycAttempts.userId, attempt.userId));
  await tx.insert(kycAttempts).values({ ...attempt, number: Number(last?.number ?? 0) + 1, status: 'INITIATED' });
}

export async function findAttemptByExecution(db: Db | Tx, workflowExecutionId: string): Promise<KycAttemptRow | null> {
  const [row] = await db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, workflowExecutionId));
  return row ?? null;
}

export async function lockAttempt(tx: Tx, id: string): Promise<KycAttemptRow | null> {
  const [row] = await tx.select().from(kycAttempts).where(eq(kycAttempts.id, id)).for('update');
  return row ?? null;
}

export async function updateAttempt(
  tx: Tx,
  id: string,
  patch: Pick<KycAttemptRow, 'status' | 'decision'> & Partial<Pick<KycAttemptRow, 'evidence'>>,
): Promise<void> {
  await tx
    .update(kycAttempts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(kycAttempts.id, id));
}

export async function insertReset(
  tx: Tx,
  reset: { id: string; userId: string; adminId: string; previous: JumioRecord | null },
): Promise<Date> {
  const [row] = await tx
    .insert(kycResets)
    .values({
      id: reset.id,
      userId: reset.userId,
      adminId: reset.adminId,
      previousAttempts: reset.previous?.attempts ?? null,
      previousDecision: reset.previous?.decision ?? null,
      previousStatus: reset.previous?.status ?? null,
    })
    .returning({ createdAt: kycResets.createdAt });
  return row!.createdAt;
}
