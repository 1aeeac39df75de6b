// SQL of fulfilment's own: the first-purchase claim (the buyer is auth's: findAccount).
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { firstPurchases } from '../../db/schema.ts';

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
