// Each shopper's first purchase (0007): the order that was their first fulfilled one. Only it keeps the
// first-purchase bonus; once there is one, the first-purchase promotion no longer applies to the shopper.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { firstPurchases } from '../../db/schema.ts';

/** Whether the shopper has made their first purchase (an order of theirs was fulfilled). */
export async function hasFirstPurchase(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db.select({ userId: firstPurchases.userId }).from(firstPurchases).where(eq(firstPurchases.userId, userId));
  return rows.length > 0;
}

/**
 * Makes the order the shopper's first purchase unless another order already is, and returns the id of
 * the order that is. The primary key decides between concurrent fulfilments: the later one waits for the
 * earlier to commit, then finds its row.
 */
export async function claimFirstPurchase(tx: Tx, userId: string, orderId: string): Promise<string> {
  await tx.insert(firstPurchases).values({ userId, orderId }).onConflictDoNothing();
  const rows = await tx.select({ orderId: firstPurchases.orderId }).from(firstPurchases).where(eq(firstPurchases.userId, userId));
  return rows[0]!.orderId;
}
