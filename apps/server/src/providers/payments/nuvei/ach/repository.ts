// SQL of bank account payments (ADR 011): the shopper's linked bank accounts, the bank-linking
// sessions and the order's bank payment. The account flags a returned payment leaves are the core's
// (modules/payments/reversal-repository.ts; read through the port's isAccountFlagged).
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../../db/client.ts';
import { bankAccounts, bankLinks, payments } from '../../../../db/schema.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type BankLinkRow = typeof bankLinks.$inferSelect;

/**
 * Saving puts the account first and replaces the entry with the same userPaymentOptionId (SPEC §4).
 * Undefined when the id is another shopper's: an account never moves between shoppers.
 */
export async function upsertBankAccount(db: Db | Tx, row: Omit<typeof bankAccounts.$inferInsert, 'createdAt' | 'deletedAt'>) {
  const [saved] = await db
    .insert(bankAccounts)
    .values({ ...row, createdAt: new Date() })
    .onConflictDoUpdate({
      target: bankAccounts.id,
      set: { bankName: row.bankName, last4: row.last4, accountType: row.accountType, createdAt: new Date(), deletedAt: null },
      setWhere: eq(bankAccounts.userId, row.userId),
    })
    .returning();
  return saved;
}

export async function listBankAccounts(db: Db, userId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
}

export async function findBankAccount(db: Db, userId: string, id: string): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
    .limit(1);
  return row;
}

export async function deleteBankAccount(db: Db, userId: string, id: string): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .update(bankAccounts)
    .set({ deletedAt: new Date() })
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt)))
    .returning();
  return row;
}

export async function insertBankLink(db: Db, row: typeof bankLinks.$inferInsert): Promise<void> {
  await db.insert(bankLinks).values(row);
}

export async function findBankLink(db: Db, id: string): Promise<BankLinkRow | undefined> {
  const [row] = await db.select().from(bankLinks).where(eq(bankLinks.id, id)).limit(1);
  return row;
}

/** The page's numbers linked an account: the link takes it and uses its secret up; only one request wins. */
export async function completeBankLink(tx: Tx, id: string, secretHash: string, bankAccountId: string): Promise<BankLinkRow | undefined> {
  const [row] = await tx
    .update(bankLinks)
    .set({ status: 'linked', secretHash: null, bankAccountId })
    .where(and(eq(bankLinks.id, id), eq(bankLinks.status, 'open'), eq(bankLinks.secretHash, secretHash)))
    .returning();
  return row;
}

/** The order's latest bank-account payment attempt. */
export async function latestBankPayment(db: Db, orderId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'bank_account')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row;
}
