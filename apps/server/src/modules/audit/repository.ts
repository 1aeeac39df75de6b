import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminAuditLog, users } from '../../db/schema.ts';

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
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** Newest first; one row more than the page is read to know whether another page follows. */
export async function listAudit(
  db: Db,
  query: { page: number; limit: number; actor?: string; action?: string },
): Promise<{ entries: AuditEntry[]; page: number; limit: number; hasMore: boolean }> {
  const filters: SQL[] = [];
  if (query.actor) filters.push(eq(adminAuditLog.actorId, query.actor));
  if (query.action) filters.push(eq(adminAuditLog.action, query.action));
  const rows = await db
    .select({ entry: adminAuditLog, actorEmail: users.email })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(...filters))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit + 1)
    .offset((query.page - 1) * query.limit);
  return {
    entries: rows.slice(0, query.limit).map(({ entry, actorEmail }) => ({
      ...entry,
      actorEmail,
      createdAt: entry.createdAt.toISOString(),
    })),
    page: query.page,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}
