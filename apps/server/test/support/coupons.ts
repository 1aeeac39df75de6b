import type { Db } from '../../src/db/client.ts';
import { coupons } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

type NewCoupon = typeof coupons.$inferInsert;

/** Inserts a coupon with a unique code; by default 10 % off, running since yesterday, no limits. */
export async function insertCoupon(db: Db, over: Partial<NewCoupon> = {}): Promise<NewCoupon & { id: string; code: string }> {
  const id = newId();
  const row = {
    id,
    code: `T${id.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
    kind: 'PERCENT' as const,
    amount: 10,
    startsAt: new Date(Date.now() - 86_400_000),
    ...over,
  };
  await db.insert(coupons).values(row);
  return row;
}
