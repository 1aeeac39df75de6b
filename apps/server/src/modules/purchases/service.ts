import type { Order } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { listOrdersOf } from '../checkout/index.ts';

/**
 * GET v1/checkout/my-purchases: the shopper's own purchases. Orders never paid for (pending, canceled)
 * are not purchases; a failed one stays listed so the shopper sees what happened to the attempt.
 */
export async function listPurchases(db: Db, userId: string): Promise<Order[]> {
  return listOrdersOf(db, userId, { excluding: ['pending', 'canceled'] });
}
