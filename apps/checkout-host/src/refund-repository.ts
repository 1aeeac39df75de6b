// SQL of the USDC refunds (checkout_chain_refunds, tables.ts): the claim, its moves, and the rows
// reconciliation asks about.
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db, Tx } from './db.ts';
import { checkoutChainRefunds } from './tables.ts';
import { newId } from './repository.ts';

export type ChainRefundRow = typeof checkoutChainRefunds.$inferSelect;
type RefundFacts = Pick<ChainRefundRow, 'sessionId' | 'chain' | 'sender' | 'recipient' | 'amountBaseUnits'>;

/**
 * Claims the session's refund: a new row, or a failed one (nothing landed) taken again. Undefined when
 * another call holds it (claimed, submitted) or it is done (confirmed): only the claimant sends.
 */
export async function claimChainRefund(db: Db | Tx, facts: RefundFacts): Promise<ChainRefundRow | undefined> {
  const [inserted] = await db
    .insert(checkoutChainRefunds)
    .values({ id: newId('cr'), ...facts, status: 'claimed' })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(checkoutChainRefunds)
    .set({ ...facts, status: 'claimed', signedTransaction: null, txId: null, lastValidBlockHeight: null, updatedAt: new Date() })
    .where(and(eq(checkoutChainRefunds.sessionId, facts.sessionId), eq(checkoutChainRefunds.status, 'failed')))
    .returning();
  return retaken;
}

export async function findChainRefund(db: Db | Tx, sessionId: string): Promise<ChainRefundRow | undefined> {
  const [row] = await db.select().from(checkoutChainRefunds).where(eq(checkoutChainRefunds.sessionId, sessionId)).limit(1);
  return row;
}

/** Moves a refund from one of `from`; undefined when it was elsewhere (another caller moved it). */
export async function moveChainRefund(
  db: Db | Tx,
  id: string,
  from: ChainRefundRow['status'][],
  set: Partial<typeof checkoutChainRefunds.$inferInsert>,
): Promise<ChainRefundRow | undefined> {
  const [row] = await db
    .update(checkoutChainRefunds)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(checkoutChainRefunds.id, id), inArray(checkoutChainRefunds.status, from)))
    .returning();
  return row;
}

/** Refunds sent and not confirmed yet, and claims left unsigned for longer than `stuckMs` (a restart), the longest-unasked first. */
export async function unsettledChainRefunds(db: Db, limit: number, stuckMs: number, now = new Date()): Promise<ChainRefundRow[]> {
  return db
    .select()
    .from(checkoutChainRefunds)
    .where(
      or(
        eq(checkoutChainRefunds.status, 'submitted'),
        and(eq(checkoutChainRefunds.status, 'claimed'), lt(checkoutChainRefunds.updatedAt, new Date(now.getTime() - stuckMs))),
      ),
    )
    .orderBy(asc(checkoutChainRefunds.updatedAt))
    .limit(limit);
}
