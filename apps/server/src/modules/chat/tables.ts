// Drizzle view of the live chat's tables (migration 0028, ADR 027). Kept beside the module that owns them:
// no other module reads them (the admin dashboard asks this module's index for its count).
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id),
    guestKeyHash: text('guest_key_hash').unique(),
    guestEmail: text('guest_email'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    assignedAdminId: text('assigned_admin_id').references(() => users.id),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    unreadByVisitor: integer('unread_by_visitor').notNull().default(0),
    unreadByAgent: integer('unread_by_agent').notNull().default(0),
    answerByEmail: boolean('answer_by_email').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // One open conversation per signed-in shopper.
    uniqueIndex('chat_conversations_user_open')
      .on(t.userId)
      .where(sql`status = 'open' AND user_id IS NOT NULL`),
    index('chat_conversations_user').on(t.userId, t.createdAt.desc()),
    index('chat_conversations_inbox').on(t.status, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    senderKind: text('sender_kind', { enum: ['shopper', 'guest', 'agent'] }).notNull(),
    senderId: text('sender_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_conversation').on(t.conversationId, t.id)],
);
