// SQL of reversals (ADR 009, 011): the payment whose money came back, and the flag a bank return
// leaves on the shopper's account (no more bank payments). Any provider's reversal is recorded here.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountFlags, payments } from '../../db/schema.ts';

export async function isAccountFlagged(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: accountFlags.userId }).from(accountFlags).where(eq(accountFlags.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function flagAccount(tx: Tx, row: typeof accountFlags.$inferInsert): Promise<void> {
  await tx.insert(accountFlags).values(row).onConflictDoNothing();
}

/** The approved payment's money came back (ADR 011); only from approved. */
export async function markPaymentReversed(tx: Tx, id: string, reason: string): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status: 'reversed', declineReason: reason, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, 'approved')))
    .returning({ id: payments.id });
  return rows.length === 1;
}
