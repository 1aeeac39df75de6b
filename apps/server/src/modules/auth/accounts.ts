// What another module may know of an account (issue 25: the users table is auth's; others ask here instead of
// reading it): who the account is and how to reach them, never its password hash or sign-in state.
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from './tables.ts';

export interface AccountCard {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  createdAt: Date;
}

/** What another module may know of an account, as selected. */
const accountColumns = {
  id: users.id,
  email: users.email,
  firstname: users.firstname,
  lastname: users.lastname,
  createdAt: users.createdAt,
};

/** The account of `userId`, or undefined when there is none; inside `tx` when given one. */
export async function findAccount(db: Db | Tx, userId: string): Promise<AccountCard | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The accounts of `userIds` by id (one query; an id without an account is absent): a list's names and e-mails. */
export async function findAccounts(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, AccountCard>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select(accountColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks the account's row until `tx` ends (FOR UPDATE): a shopper's money changes that must not interleave
 * (a cash-out request) take it first and queue behind one another. False when there is
 * no such account.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}
