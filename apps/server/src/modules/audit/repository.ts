import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminAuditLog, cashouts, coupons, giftCards, orders, products, promotions, users } from '../../db/schema.ts';

/** One admin change, as a module records it. before/after are what the change replaced and what it made. */
export interface AuditRecord {
  actorId: string;
  /** A short dotted name: 'wallet.adjust', 'cashout.approve', ... */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes the entry inside the caller's transaction: the change and its record commit together or not at
 * all. The table refuses UPDATE and DELETE (migration 0023), so what is written here stays.
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export interface AuditEntry {
  id: number;
  actorId: string;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** The target as people know it (a user's e-mail, an order's number, a coupon's code, …); null when gone or unnamed. */
  targetLabel: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** Newest first; one row more than the page is read to know whether another page follows. */
export async function listAudit(
  db: Db,
  query: { page: number; limit: number; actor?: string; actorEmail?: string; action?: string },
): Promise<{ entries: AuditEntry[]; page: number; limit: number; hasMore: boolean }> {
  const filters: SQL[] = [];
  if (query.actor) filters.push(eq(adminAuditLog.actorId, query.actor));
  if (query.action) filters.push(eq(adminAuditLog.action, query.action));
  if (query.actorEmail) filters.push(sql`lower(${users.email}) = lower(${query.actorEmail})`);
  const target = adminAuditLog.targetId;
  // Each target by the name the console shows for it elsewhere (issue 24: never an id alone).
  const targetLabel = sql<string | null>`CASE ${adminAuditLog.targetType}
    WHEN 'user' THEN (SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${target})
    WHEN 'order' THEN (SELECT '#' || ${orders.number} FROM ${orders} WHERE ${orders.id} = ${target})
    WHEN 'cashout' THEN (SELECT u.email FROM ${cashouts} JOIN ${users} u ON u.id = ${cashouts.userId} WHERE ${cashouts.id} = ${target})
    WHEN 'coupon' THEN (SELECT ${coupons.code} FROM ${coupons} WHERE ${coupons.id} = ${target})
    WHEN 'promotion' THEN (SELECT ${promotions.name} FROM ${promotions} WHERE ${promotions.id} = ${target})
    WHEN 'product' THEN (SELECT ${products.name} FROM ${products} WHERE ${products.id} = ${target})
    WHEN 'giftCard' THEN (SELECT ${giftCards.name} FROM ${giftCards} WHERE ${giftCards.id} = ${target})
  END`;
  const rows = await db
    .select({ entry: adminAuditLog, actorEmail: users.email, targetLabel })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    entries: rows.slice(0, query.limit).map(({ entry, actorEmail, targetLabel: label }) => ({
      ...entry,
      actorEmail,
      targetLabel: label,
      createdAt: entry.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}
