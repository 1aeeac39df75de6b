// The admin console's promotions (issue 12, ADR 024): list, create, edit and end the active (app), web
// and eligibility (first-purchase) promotions. Shoppers' calls read the schedule (findRunningPromotion),
// so a promotion created here shows from its start and stops at its end with no further step. Every
// change writes the audit log in its own transaction; an edit from a stale copy is refused (409).
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPromotion, AdminPromotionInput, AdminPromotionsQuery, AdminPromotionUpdate } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';
import { conflict, notFound } from '@store/server-kit';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { forgetPromotions } from './service.ts';

type Row = typeof promotions.$inferSelect;

function statusAt(row: Row, now: Date): AdminPromotion['status'] {
  if (row.startsAt > now) return 'scheduled';
  if (row.endsAt !== null && row.endsAt <= now) return 'ended';
  return 'running';
}

function toAdmin(row: Row, now = new Date()): AdminPromotion {
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    kind: row.kind,
    bonusType: row.bonusType,
    bonusPercentage: row.bonusPercentage,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    status: statusAt(row, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a promotion: its fields, without the bookkeeping. */
function audited(row: Row) {
  const { createdAt: _c, updatedAt: _u, ...fields } = toAdmin(row);
  return fields;
}

function statusFilter(status: AdminPromotionsQuery['status'], now: Date): SQL | undefined {
  if (status === 'scheduled') return gt(promotions.startsAt, now);
  if (status === 'ended') return and(isNotNull(promotions.endsAt), lte(promotions.endsAt, now));
  if (status === 'running') return and(lte(promotions.startsAt, now), or(isNull(promotions.endsAt), gt(promotions.endsAt, now)));
  return undefined;
}

/** Newest first; one row more than the page is read to know whether another page follows. */
export async function listPromotions(db: Db, query: AdminPromotionsQuery, now = new Date()) {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        query.channel ? eq(promotions.channel, query.channel) : undefined,
        query.kind ? eq(promotions.kind, query.kind) : undefined,
        statusFilter(query.status, now),
      ),
    )
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    promotions: rows.slice(0, query.limit).map((r) => toAdmin(r, now)),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

function fieldsOf(input: AdminPromotionInput, now: Date) {
  return {
    name: input.name,
    channel: input.channel,
    kind: input.kind,
    bonusType: input.bonusType,
    bonusPercentage: input.bonusPercentage,
    startsAt: input.startsAt ? new Date(input.startsAt) : now,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export async function createPromotion(db: Db, actorId: string, input: AdminPromotionInput): Promise<AdminPromotion> {
  const now = new Date();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({ id: newId(), ...fieldsOf(input, now) })
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'promotion.create',
      targetType: 'promotion',
      targetId: row!.id,
      before: null,
      after: audited(row!),
    });
    return toAdmin(row!);
  });
  // After the commit: the carts priced from now on run it (service.ts keeps the running ones a few seconds).
  forgetPromotions(db);
  return created;
}

async function lockPromotion(tx: Tx, id: string, version: number): Promise<Row> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!row) throw notFound('No promotion with this id.');
  if (row.version !== version) {
    throw conflict('Another admin changed this promotion since you opened it. Reload to see their change, then edit again.', 'version');
  }
  return row;
}

async function change(
  db: Db,
  actorId: string,
  action: string,
  id: string,
  version: number,
  fields: (row: Row, now: Date) => Partial<Row>,
): Promise<AdminPromotion> {
  const changed = await db.transaction(async (tx) => {
    const before = await lockPromotion(tx, id, version);
    const now = new Date();
    const [after] = await tx
      .update(promotions)
      .set({ ...fields(before, now), version: sql`${promotions.version} + 1`, updatedAt: now })
      .where(eq(promotions.id, id))
      .returning();
    await recordAudit(tx, { actorId, action, targetType: 'promotion', targetId: id, before: audited(before), after: audited(after!) });
    return toAdmin(after!);
  });
  forgetPromotions(db);
  return changed;
}

export function updatePromotion(db: Db, actorId: string, id: string, input: AdminPromotionUpdate): Promise<AdminPromotion> {
  const { version, ...fields } = input;
  return change(db, actorId, 'promotion.update', id, version, (row, now) => ({
    ...fieldsOf(fields, now),
    // An edit that names no start keeps the one it had (it does not restart the promotion).
    startsAt: fields.startsAt ? new Date(fields.startsAt) : row.startsAt,
  }));
}

/** Ends the promotion now; one that has already ended is refused (409): nothing to end. */
export function endPromotion(db: Db, actorId: string, id: string, version: number): Promise<AdminPromotion> {
  return change(db, actorId, 'promotion.end', id, version, (row, now) => {
    if (row.endsAt !== null && row.endsAt <= now) throw conflict('This promotion has already ended.');
    // A scheduled promotion ended before its start gets an empty window (start = end): it never runs.
    return { endsAt: now, startsAt: row.startsAt > now ? now : row.startsAt };
  });
}
