// SQL for a shopper's purchase history.
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderRow } from '../checkout/repository.ts';

/** Orders that went to payment (paid, fulfilled, refunded or failed), newest first. */
export async function listPurchasedOrders(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, ['pending', 'canceled'])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}
