// The admin console's coupons (issue 12, ADR 024): list with the uses so far, create, edit, disable.
// Every change writes the audit log in its own transaction; an edit from a stale copy is refused (409).
// Shoppers' uses (redeemed_count) never raise the version, so a purchase never voids an admin's edit.
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { adminCouponInput, type AdminCoupon, type AdminCouponsQuery } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '@store/server-kit';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';

type Row = typeof coupons.$inferSelect;
type Fields = ReturnType<typeof adminCouponInput.parse>;

/** Completed uses: a correlated count, so a page of 20 coupons reads 20 small index lookups. */
const completedRedemptions = sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id} and ${couponRedemptions.status} = 'redeemed')`;

function toAdmin(row: Row, completed: number): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    amount: row.amount,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    minSubtotalCents: row.minSubtotalCents,
    maxRedemptions: row.maxRedemptions,
    perUserLimit: row.perUserLimit,
    redeemedCount: row.redeemedCount,
    completedRedemptions: Number(completed),
    userId: row.userId,
    active: row.active,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a coupon: the fields an admin sets, and the uses when it changed. */
function audited(row: Row) {
  const { createdAt: _c, updatedAt: _u, ...fields } = row;
  return { ...fields, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt ? row.endsAt.toISOString() : null };
}

export async function listAdminCoupons(db: Db, query: AdminCouponsQuery) {
  const rows = await db
    .select({ coupon: coupons, completed: completedRedemptions })
    .from(coupons)
    .where(
      and(
        // Codes are stored in capitals; LIKE's own wildcards in the search are taken literally.
        query.q ? like(coupons.code, `${query.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        query.active ? eq(coupons.active, query.active === 'true') : undefined,
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    coupons: rows.slice(0, query.limit).map((r) => toAdmin(r.coupon, r.completed)),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

function columns(input: Fields, now: Date) {
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    amount: input.amount,
    startsAt: input.startsAt ? new Date(input.startsAt) : now,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    minSubtotalCents: input.minSubtotalCents,
    maxRedemptions: input.maxRedemptions,
    perUserLimit: input.perUserLimit,
    active: input.active,
  };
}

async function codeTaken(tx: Tx, code: string, exceptId?: string): Promise<boolean> {
  const rows = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  return rows.some((r) => r.id !== exceptId);
}

const CODE_TAKEN = 'Another coupon already has this code.';

export async function createCoupon(db: Db, actorId: string, input: Fields): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    if (await codeTaken(tx, input.code)) throw conflict(CODE_TAKEN, 'code');
    // Two admins creating one code at once: the UNIQUE index refuses the second inside its insert.
    const [row] = await tx
      .insert(coupons)
      .values({ id: newId(), ...columns(input, new Date()) })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw conflict(CODE_TAKEN, 'code');
    await recordAudit(tx, { actorId, action: 'coupon.create', targetType: 'coupon', targetId: row.id, before: null, after: audited(row) });
    return toAdmin(row, 0);
  });
}

async function lockCoupon(tx: Tx, id: string, version: number): Promise<Row> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  if (!row) throw notFound('No coupon with this id.');
  if (row.version !== version) {
    throw conflict('Another admin changed this coupon since you opened it. Reload to see their change, then edit again.', 'version');
  }
  return row;
}

async function change(
  db: Db,
  actorId: string,
  action: string,
  id: string,
  version: number,
  fields: (row: Row, tx: Tx) => Partial<Row> | Promise<Partial<Row>>,
) {
  return db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id, version);
    const [after] = await tx
      .update(coupons)
      .set({ ...(await fields(before, tx)), version: sql`${coupons.version} + 1`, updatedAt: new Date() })
      .where(eq(coupons.id, id))
      .returning();
    await recordAudit(tx, { actorId, action, targetType: 'coupon', targetId: id, before: audited(before), after: audited(after!) });
    const [{ completed } = { completed: 0 }] = await tx.select({ completed: completedRedemptions }).from(coupons).where(eq(coupons.id, id));
    return toAdmin(after!, completed);
  });
}

export function updateCoupon(db: Db, actorId: string, id: string, input: Fields & { version: number }): Promise<AdminCoupon> {
  const { version, ...fields } = input;
  return change(db, actorId, 'coupon.update', id, version, async (row, tx) => {
    if (await codeTaken(tx, fields.code, id)) throw conflict(CODE_TAKEN, 'code');
    // The uses already taken stay taken: a total below them would void orders being paid.
    if (fields.maxRedemptions !== null && fields.maxRedemptions < row.redeemedCount) {
      throw unprocessable(`This coupon has been used ${row.redeemedCount} times already: the limit cannot be lower.`, 'maxRedemptions');
    }
    return { ...columns(fields, new Date()), startsAt: fields.startsAt ? new Date(fields.startsAt) : row.startsAt };
  });
}

/** Shoppers can no longer apply it; orders already holding it keep their discount. */
export function disableCoupon(db: Db, actorId: string, id: string, version: number): Promise<AdminCoupon> {
  return change(db, actorId, 'coupon.disable', id, version, (row) => {
    if (!row.active) throw conflict('This coupon is already disabled.');
    return { active: false };
  });
}
