import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { kycRecords } from '../../db/schema.ts';

/** The shopper's verification decision (null without a record or before a decision): what cash-out checks. */
export async function findVerificationDecision(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db.select({ decision: kycRecords.decision }).from(kycRecords).where(eq(kycRecords.userId, userId)).limit(1);
  return row?.decision ?? null;
}
