// Drizzle view of the admin audit log's table (issue 25).
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

/** Every admin change: who, what, before and after, when. Append-only: triggers refuse UPDATE, DELETE, TRUNCATE. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_actor').on(t.actorId, t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_action').on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
