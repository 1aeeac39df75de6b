// The chat's SQL (migration 0028, ADR 027): conversations, messages, the inbox's list.
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, chatMessages } from './tables.ts';
import { findAccounts } from '../auth/index.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** How many open conversations wait in the inbox (the admin dashboard's openChats). */
export async function countOpenChats(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatConversations).where(eq(chatConversations.status, 'open'));
  return row?.n ?? 0;
}

/** A shopper's conversation: the newest one (a closed one reopens when they write again). */
export async function findUserConversation(db: Db | Tx, userId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .orderBy(desc(chatConversations.createdAt))
    .limit(1);
  return row;
}

export async function findGuestConversation(db: Db | Tx, keyHash: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.guestKeyHash, keyHash)).limit(1);
  return row;
}

export async function findConversation(db: Db | Tx, id: string, { lock = false } = {}): Promise<ConversationRow | undefined> {
  const query = db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertConversation(tx: Tx, values: typeof chatConversations.$inferInsert): Promise<ConversationRow> {
  const [row] = await tx.insert(chatConversations).values(values).returning();
  return row!;
}

export async function updateConversation(
  tx: Db | Tx,
  id: string,
  set: Partial<typeof chatConversations.$inferInsert>,
  extraWhere?: SQL,
): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .update(chatConversations)
    .set(set)
    .where(extraWhere ? and(eq(chatConversations.id, id), extraWhere) : eq(chatConversations.id, id))
    .returning();
  return row;
}

/** Assigns an open, unassigned conversation; undefined when another agent was first (or it is closed). */
export async function claimConversation(tx: Tx, id: string, adminId: string): Promise<ConversationRow | undefined> {
  return updateConversation(
    tx,
    id,
    { assignedAdminId: adminId },
    and(eq(chatConversations.status, 'open'), isNull(chatConversations.assignedAdminId)),
  );
}

export async function insertMessage(tx: Tx, values: typeof chatMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  return row!;
}

/** A conversation's messages, oldest first (the newest 500: a chat is short). */
export async function listMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(500);
  return rows.reverse();
}

/** Whether the last message of a conversation was the visitor's and an agent has read it. */
export async function lastMessageOf(db: Db, conversationId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row;
}

/**
 * The inbox's row of a conversation: the conversation, its last message. The subquery names the outer table
 * itself: a query of one table renders its columns unqualified, and `id` would be the message's.
 */
const summaryColumns = {
  conversation: chatConversations,
  lastMessage: sql<
    string | null
  >`(SELECT m.body FROM chat_messages m WHERE m.conversation_id = chat_conversations.id ORDER BY m.id DESC LIMIT 1)`,
};
/** …with its visitor and agent, asked of auth (whose table it is) in one query for the rows. */
export type SummaryRow = {
  conversation: ConversationRow;
  visitorEmail: string | null;
  visitorFirstname: string | null;
  visitorLastname: string | null;
  agentEmail: string | null;
  lastMessage: string | null;
};

async function withPeople(db: Db, rows: { conversation: ConversationRow; lastMessage: string | null }[]): Promise<SummaryRow[]> {
  const ids = rows.flatMap(({ conversation }) => [conversation.userId, conversation.assignedAdminId]).filter((id): id is string => !!id);
  const accounts = await findAccounts(db, ids);
  return rows.map((row) => {
    const visitor = row.conversation.userId ? accounts.get(row.conversation.userId) : undefined;
    const agent = row.conversation.assignedAdminId ? accounts.get(row.conversation.assignedAdminId) : undefined;
    return {
      ...row,
      visitorEmail: visitor?.email ?? null,
      visitorFirstname: visitor?.firstname ?? null,
      visitorLastname: visitor?.lastname ?? null,
      agentEmail: agent?.email ?? null,
    };
  });
}

export async function listSummaries(
  db: Db,
  {
    status,
    assigned,
    adminId,
    page,
    limit,
  }: { status: 'open' | 'closed'; assigned: 'me' | 'unassigned' | 'any'; adminId: string; page: number; limit: number },
): Promise<{ rows: SummaryRow[]; hasMore: boolean }> {
  const where = [eq(chatConversations.status, status)];
  if (assigned === 'me') where.push(eq(chatConversations.assignedAdminId, adminId));
  if (assigned === 'unassigned') where.push(isNull(chatConversations.assignedAdminId));
  // One more row than the page tells whether a next page exists, without counting them all.
  const rows = await db
    .select(summaryColumns)
    .from(chatConversations)
    .where(and(...where))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  return { rows: await withPeople(db, rows.slice(0, limit)), hasMore: rows.length > limit };
}

export async function findSummary(db: Db, id: string): Promise<SummaryRow | undefined> {
  const [row] = await db.select(summaryColumns).from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row ? (await withPeople(db, [row]))[0] : undefined;
}
