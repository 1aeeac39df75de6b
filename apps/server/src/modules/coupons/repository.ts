import { and, asc, count, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import type { CouponRecord } from './rules.ts';

type Conn = Db | Tx;

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  description: coupons.description,
  kind: coupons.kind,
  amount: coupons.amount,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  minSubtotalCents: coupons.minSubtotalCents,
  maxRedemptions: coupons.maxRedemptions,
  perUserLimit: coupons.perUserLimit,
  redeemedCount: coupons.redeemedCount,
  userId: coupons.userId,
  active: coupons.active,
};

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export async function findCouponByCode(db: Conn, code: string): Promise<CouponRecord | undefined> {
  const rows = await db
    .select(couponColumns)
    .from(coupons)
    .where(eq(coupons.code, normaliseCode(code)));
  return rows[0];
}

export async function findCouponById(db: Conn, id: string): Promise<CouponRecord | undefined> {
  const rows = await db.select(couponColumns).from(coupons).where(eq(coupons.id, id));
  return rows[0];
}

/** Coupons a shopper may see: active, running now, not used up, public or issued to them. */
export async function listOfferedCoupons(db: Conn, userId: string, now: Date): Promise<CouponRecord[]> {
  return db
    .select(couponColumns)
    .from(coupons)
    .where(
      and(
        eq(coupons.active, true),
        lte(coupons.startsAt, now),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
        or(isNull(coupons.userId), eq(coupons.userId, userId)),
      ),
    )
    .orderBy(asc(coupons.code));
}

/**
 * How often a shopper has used a coupon. With `includeReserved`, uses held by orders still being paid
 * count too (the reservation rule); without it only completed ones (what the cart shows).
 */
export async function countUsesByUser(
  db: Conn,
  couponId: string,
  userId: string,
  opts: { includeReserved: boolean; exceptOrderId?: string },
): Promise<number> {
  const statuses: ('reserved' | 'redeemed')[] = opts.includeReserved ? ['reserved', 'redeemed'] : ['redeemed'];
  const rows = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        inArray(couponRedemptions.status, statuses),
        opts.exceptOrderId ? ne(couponRedemptions.orderId, opts.exceptOrderId) : undefined,
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** A shopper's uses of a coupon: held by orders still being paid, and completed. One query. */
export async function countUserUses(db: Conn, couponId: string, userId: string): Promise<{ reserved: number; redeemed: number }> {
  const rows = await db
    .select({
      reserved: sql<string>`count(*) filter (where ${couponRedemptions.status} = 'reserved')`,
      redeemed: sql<string>`count(*) filter (where ${couponRedemptions.status} = 'redeemed')`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return { reserved: Number(rows[0]?.reserved ?? 0), redeemed: Number(rows[0]?.redeemed ?? 0) };
}

export async function findRedemptionForOrder(tx: Tx, orderId: string) {
  const rows = await tx
    .select({ couponId: couponRedemptions.couponId, status: couponRedemptions.status })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .for('update');
  return rows[0];
}

/**
 * Takes one use of the coupon if any is left. A single UPDATE with the limit in its WHERE clause: the
 * row lock makes concurrent callers queue, and each re-checks the count the previous one committed.
 */
export async function takeCouponUse(tx: Tx, couponId: string): Promise<{ perUserLimit: number | null } | undefined> {
  const rows = await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.active, true),
        or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
      ),
    )
    .returning({ perUserLimit: coupons.perUserLimit });
  return rows[0];
}

export async function giveBackCouponUse(tx: Tx, couponId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ redeemedCount: sql`greatest(${coupons.redeemedCount} - 1, 0)` })
    .where(eq(coupons.id, couponId));
}

export async function upsertReservation(tx: Tx, r: { couponId: string; userId: string; orderId: string }): Promise<void> {
  await tx
    .insert(couponRedemptions)
    .values({ id: newId(), couponId: r.couponId, userId: r.userId, orderId: r.orderId, status: 'reserved' })
    .onConflictDoUpdate({
      target: couponRedemptions.orderId,
      set: { couponId: r.couponId, userId: r.userId, status: 'reserved', updatedAt: sql`now()` },
    });
}

/** Moves an order's redemption from one status to another; returns the coupon id when a row moved. */
export async function moveRedemption(tx: Tx, orderId: string, from: 'reserved', to: 'redeemed' | 'released'): Promise<string | undefined> {
  const rows = await tx
    .update(couponRedemptions)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, from)))
    .returning({ couponId: couponRedemptions.couponId });
  return rows[0]?.couponId;
}
