// What the cash-out module (issue 10, ADR 017) asks of bank account payments: whose a saved account is,
// and when the shopper's last bank purchase settled (no cash-out within the hold after it).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankAccounts, payments } from '../../db/schema.ts';

/** A saved (not deleted) bank account by its id, whoever's it is: the caller tells the shopper's from another's. */
export async function findSavedBankAccount(db: Db, id: string) {
  const [row] = await db
    .select({
      id: bankAccounts.id,
      userId: bankAccounts.userId,
      provider: bankAccounts.provider,
      bankName: bankAccounts.bankName,
      last4: bankAccounts.last4,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), isNull(bankAccounts.deletedAt)))
    .limit(1);
  return row;
}

/** When the shopper's latest bank (ACH) payment settled (its approval), or null for none. */
export async function lastSettledBankPaymentAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: payments.updatedAt })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.method, 'bank_account'), eq(payments.status, 'approved')))
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  return row?.at ?? null;
}
