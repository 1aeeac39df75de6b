// SQL of cash-outs (ADR 017): the cashouts rows, the shopper's lock, the day's total and the outbox rows
// that tell the shopper's tabs.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { OUTBOX_TOPICS, type CashoutStatus, type LiveNotice } from '@store/shared';
import { enqueue } from '../../background/topics.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cashouts } from '../../db/schema.ts';
import { findAccounts } from '../auth/index.ts';
import { announceWalletChange } from '../wallet/index.ts';

export type CashoutRow = typeof cashouts.$inferSelect;

/** Coins the shopper's cash-outs of the last 24 hours take (rejected and failed ones gave theirs back). */
export async function coinsCashedOutSince(tx: Tx, userId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${cashouts.amount}), 0)` })
    .from(cashouts)
    .where(and(eq(cashouts.userId, userId), gt(cashouts.createdAt, since), inArray(cashouts.status, ['PENDING', 'APPROVED', 'PAID'])));
  return Number(row?.total ?? 0);
}

export async function insertCashout(tx: Tx, row: typeof cashouts.$inferInsert): Promise<CashoutRow> {
  const [saved] = await tx.insert(cashouts).values(row).returning();
  return saved!;
}

export async function findCashout(db: Db | Tx, id: string): Promise<CashoutRow | undefined> {
  const [row] = await db.select().from(cashouts).where(eq(cashouts.id, id)).limit(1);
  return row;
}

export const listShopperCashouts = (db: Db, userId: string) =>
  db.select().from(cashouts).where(eq(cashouts.userId, userId)).orderBy(desc(cashouts.createdAt), desc(cashouts.id)).limit(200);

/**
 * The console's list, newest first: each with the shopper's e-mail and name, and the deciding admin's e-mail
 * (asked of auth, whose table it is, in one query for the list).
 */
export async function listCashouts(db: Db, status: CashoutStatus | undefined) {
  const rows = await db
    .select()
    .from(cashouts)
    .where(status ? eq(cashouts.status, status) : undefined)
    .orderBy(desc(cashouts.createdAt), desc(cashouts.id))
    .limit(500);
  const accounts = await findAccounts(db, [
    ...rows.map((row) => row.userId),
    ...rows.flatMap((row) => (row.decidedBy ? [row.decidedBy] : [])),
  ]);
  return rows.map((cashout) => {
    const shopper = accounts.get(cashout.userId);
    return {
      cashout,
      email: shopper?.email ?? '',
      firstname: shopper?.firstname ?? '',
      lastname: shopper?.lastname ?? '',
      decidedByEmail: (cashout.decidedBy && accounts.get(cashout.decidedBy)?.email) || null,
    };
  });
}
export type ListedCashout = Awaited<ReturnType<typeof listCashouts>>[number];

/** Cash-outs approved whose payout is not recorded yet (a crash, a timeout, an outage left them). */
export const listApprovedCashouts = (db: Db, limit: number) =>
  db.select().from(cashouts).where(eq(cashouts.status, 'APPROVED')).orderBy(cashouts.decidedAt).limit(limit);

/** Moves a cash-out from one state to the next; undefined when it is not in `from` (another request won). */
export async function moveCashout(
  tx: Tx,
  id: string,
  from: CashoutStatus,
  patch: Partial<typeof cashouts.$inferInsert> & { status: CashoutStatus },
): Promise<CashoutRow | undefined> {
  const [row] = await tx
    .update(cashouts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(cashouts.id, id), eq(cashouts.status, from)))
    .returning();
  return row;
}

export type CashoutNotice = LiveNotice;

/** Inside the transaction that changed the cash-out: its item (with a toast) and, when coins moved, the balance. */
export async function announce(tx: Tx, row: CashoutRow, { notice, coinsMoved }: { notice?: CashoutNotice; coinsMoved: boolean }) {
  await enqueue(tx, OUTBOX_TOPICS.cashout, notice ? { cashoutId: row.id, notice } : { cashoutId: row.id });
  if (coinsMoved) await announceWalletChange(tx, row.userId);
}
