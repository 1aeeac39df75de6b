// Helpers for the admin console tests (issue 12): orders written straight into the table with the time
// and state a test needs (placing and paying 30 orders through checkout would only slow the search
// tests down; checkout has its own tests).
import type { Db } from '../../src/db/client.ts';
import { orders, type OrderStatus } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

export interface OrderFixture {
  status?: OrderStatus;
  createdAt?: Date;
  paidAt?: Date | null;
  totalCents?: number;
}

/** One order of the shopper; answers its id. */
export async function insertOrder(db: Db, userId: string, opts: OrderFixture = {}): Promise<string> {
  const id = newId();
  const totalCents = opts.totalCents ?? 499;
  await db.insert(orders).values({
    id,
    userId,
    status: opts.status ?? 'fulfilled',
    source: 'buy-now',
    idempotencyKey: `test:${id}`,
    subtotalCents: totalCents,
    totalCents,
    coins: 500,
    createdAt: opts.createdAt ?? new Date(),
    paidAt: opts.paidAt === undefined ? (opts.createdAt ?? new Date()) : opts.paidAt,
  });
  return id;
}
