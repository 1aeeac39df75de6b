import type { Order } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { buildOrderViews } from '../checkout/order-view.ts';
import { listPurchasedOrders } from './repository.ts';

/**
 * GET v1/checkout/my-purchases: the shopper's own purchases. Orders never paid for (pending, canceled)
 * are not purchases; a failed one stays listed so the shopper sees what happened to the attempt.
 */
export async function listPurchases(db: Db, userId: string): Promise<Order[]> {
  return buildOrderViews(db, await listPurchasedOrders(db, userId));
}
