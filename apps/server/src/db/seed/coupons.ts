// Coupons a fresh install offers. Written only when their fixed id is absent, so later edits (and the
// redemption counts) are never undone by a restart.
import type { Db } from '../client.ts';
import { coupons } from '../schema.ts';

type NewCoupon = typeof coupons.$inferInsert;

const couponId = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LAUNCH = new Date('2024-01-01T00:00:00Z');

export const STARTER_COUPONS: NewCoupon[] = [
  {
    id: couponId(1),
    code: 'WELCOME10',
    kind: 'PERCENT',
    amount: 10,
    minSubtotalCents: 500,
    perUserLimit: 1,
    description: '10% off your order of $5.00 or more, once per shopper.',
    startsAt: LAUNCH,
  },
  {
    id: couponId(2),
    code: 'DRAGON5',
    kind: 'FIXED',
    amount: 500,
    minSubtotalCents: 2_000,
    description: '$5.00 off any order of $20.00 or more.',
    startsAt: LAUNCH,
  },
  {
    id: couponId(3),
    code: 'LUCKYONE',
    kind: 'PERCENT',
    amount: 25,
    minSubtotalCents: 0,
    maxRedemptions: 1,
    description: '25% off for the first lucky shopper only.',
    startsAt: LAUNCH,
  },
  {
    id: couponId(4),
    code: 'OLDLUCK',
    kind: 'FIXED',
    amount: 1_000,
    minSubtotalCents: 0,
    description: 'Last summer’s $10.00 off (expired).',
    startsAt: LAUNCH,
    endsAt: new Date('2024-06-30T00:00:00Z'),
  },
];

export async function seedCoupons(db: Db): Promise<void> {
  await db.insert(coupons).values(STARTER_COUPONS).onConflictDoNothing({ target: coupons.id });
}
