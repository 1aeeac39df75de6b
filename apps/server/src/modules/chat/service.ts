// The chat's operations (ADR 027). Every change is committed first, then announced on the live namespace.
import type { AdminChatsQuery, ChatSendBody } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { hashToken, newId, newSecretToken } from '../../lib/ids.ts';
import { conflict, notFound } from '@store/server-kit';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { listPurchases } from '../purchases/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findAccount } from '../auth/index.ts';
import type { ChatLive } from './live.ts';
import { chatAnswerEmail } from './mail.ts';
import * as repo from './repository.ts';
import { adminSummary, conversationView, messageView } from './view.ts';

export interface ChatDeps {
  db: Db;
  live: ChatLive;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
  storeUrl: string;
}

/** Who a visitor is: a signed-in shopper, or a guest with (or, before the first message, without) a key. */
export type Visitor = { kind: 'shopper'; userId: string } | { kind: 'guest'; key: string | null };

const RECENT_ORDERS = 5;

async function findVisitorConversation(db: Db, visitor: Visitor) {
  if (visitor.kind === 'shopper') return repo.findUserConversation(db, visitor.userId);
  return visitor.key ? repo.findGuestConversation(db, hashToken(visitor.key)) : undefined;
}

async function visitorEmail(db: Db, conversation: repo.ConversationRow): Promise<string | null> {
  return conversation.userId ? ((await findAccount(db, conversation.userId))?.email ?? null) : conversation.guestEmail;
}

async function viewFor(db: Db, conversation: repo.ConversationRow) {
  return conversationView(conversation, await repo.listMessages(db, conversation.id), await visitorEmail(db, conversation));
}

/** GET v1/chat. A guest's unknown key is answered like no conversation: it tells nothing about others. */
export async function visitorState(deps: ChatDeps, visitor: Visitor) {
  const [conversation, agentsOnline] = await Promise.all([findVisitorConversation(deps.db, visitor), deps.live.agentsOnline()]);
  return { agentsOnline, conversation: conversation ? await viewFor(deps.db, conversation) : null };
}

async function announce(deps: ChatDeps, conversationId: string) {
  const summary = await repo.findSummary(deps.db, conversationId);
  if (summary) deps.live.toAgents('chatUpdated', { chat: adminSummary(summary) });
}

/**
 * POST v1/chat/messages: opens the conversation at the first message (a guest gets its key, once), reopens
 * a closed one, stores the message, then tells the agents. Written while no agent is online, the
 * conversation is marked for an answer by e-mail.
 */
export async function sendVisitorMessage(deps: ChatDeps, visitor: Visitor, body: ChatSendBody) {
  try {
    return await storeVisitorMessage(deps, visitor, body);
  } catch (err) {
    // Two first messages of one shopper at once (two tabs): the second lost the race to open the one
    // conversation (unique index); written again, it finds the conversation the first one opened.
    if (visitor.kind === 'shopper' && isUniqueViolation(err)) return storeVisitorMessage(deps, visitor, body);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function storeVisitorMessage(deps: ChatDeps, visitor: Visitor, body: ChatSendBody) {
  const agentsOnline = await deps.live.agentsOnline();
  let conversationKey: string | undefined;
  const { conversation, message } = await deps.db.transaction(async (tx) => {
    let conversation = visitor.kind === 'shopper' ? await repo.findUserConversation(tx, visitor.userId) : undefined;
    if (visitor.kind === 'guest' && visitor.key) {
      conversation = await repo.findGuestConversation(tx, hashToken(visitor.key));
      // A key that opens nothing is refused, not replaced: the widget then forgets it and starts again.
      if (!conversation) throw notFound('This conversation does not exist. Reload the page to start a new one.');
    }
    if (!conversation) {
      if (visitor.kind === 'guest') conversationKey = newSecretToken();
      conversation = await repo.insertConversation(tx, {
        id: newId(),
        userId: visitor.kind === 'shopper' ? visitor.userId : null,
        guestKeyHash: conversationKey ? hashToken(conversationKey) : null,
      });
    }
    const now = new Date();
    const message = await repo.insertMessage(tx, {
      conversationId: conversation.id,
      senderKind: visitor.kind,
      senderId: visitor.kind === 'shopper' ? visitor.userId : null,
      body: body.text,
      createdAt: now,
    });
    const reopened = conversation.status === 'closed';
    const updated = await repo.updateConversation(tx, conversation.id, {
      status: 'open',
      // A reopened conversation goes back to the shared queue.
      ...(reopened ? { assignedAdminId: null } : {}),
      lastMessageAt: now,
      unreadByAgent: conversation.unreadByAgent + 1,
      ...(agentsOnline ? {} : { answerByEmail: true }),
      ...(visitor.kind === 'guest' && body.email ? { guestEmail: body.email } : {}),
    });
    return { conversation: updated!, message };
  });
  deps.live.toAgents('chatMessage', { message: messageView(message) });
  deps.live.toVisitor(conversation, 'chatMessage', { message: messageView(message) });
  await announce(deps, conversation.id);
  return {
    conversation: await viewFor(deps.db, conversation),
    message: messageView(message),
    ...(conversationKey ? { conversationKey } : {}),
  };
}

/** POST v1/chat/read: the visitor read the agents' messages. */
export async function visitorRead(deps: ChatDeps, visitor: Visitor) {
  const conversation = await findVisitorConversation(deps.db, visitor);
  if (!conversation) throw notFound('You have no conversation yet.');
  await repo.updateConversation(deps.db, conversation.id, { unreadByVisitor: 0 });
  deps.live.toAgents('chatRead', { conversationId: conversation.id, by: 'visitor' });
}

/** POST v1/chat/typing: the agents see "typing…" for a moment. */
export async function visitorTyping(deps: ChatDeps, visitor: Visitor) {
  const conversation = await findVisitorConversation(deps.db, visitor);
  if (!conversation) throw notFound('You have no conversation yet.');
  deps.live.toAgents('chatTyping', { conversationId: conversation.id, senderKind: visitor.kind });
}

// --- Agents ---

export async function listChats(deps: ChatDeps, adminId: string, query: AdminChatsQuery) {
  const { rows, hasMore } = await repo.listSummaries(deps.db, { ...query, adminId });
  return { chats: rows.map(adminSummary), page: query.page, limit: query.limit, hasMore };
}

export async function chatDetail(deps: ChatDeps, id: string) {
  const summary = await repo.findSummary(deps.db, id);
  if (!summary) throw notFound('No conversation with this id.');
  const userId = summary.conversation.userId;
  const [messages, profile, orders] = await Promise.all([
    repo.listMessages(deps.db, id),
    userId ? findAccount(deps.db, userId) : undefined,
    userId ? listPurchases(deps.db, userId) : [],
  ]);
  return {
    chat: adminSummary(summary),
    messages: messages.map(messageView),
    profile: profile ? { ...profile, createdAt: profile.createdAt.toISOString() } : null,
    recentOrders: orders
      .slice(0, RECENT_ORDERS)
      .map((o) => ({ _id: o._id, status: o.status, totalCents: o.total, createdAt: o.createdAt })),
  };
}

async function summaryOf(deps: ChatDeps, id: string) {
  const summary = await repo.findSummary(deps.db, id);
  return adminSummary(summary!);
}

/** POST v1/admin/chats/:id/assign: to the calling agent. Two agents at once: one wins, the other hears 409. */
export async function assignChat(deps: ChatDeps, id: string, adminId: string) {
  await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimConversation(tx, id, adminId);
    if (!claimed) {
      const existing = await repo.findConversation(tx, id);
      if (!existing) throw notFound('No conversation with this id.');
      if (existing.status === 'closed') throw conflict('This conversation is closed.');
      throw conflict(
        existing.assignedAdminId === adminId
          ? 'This conversation is already assigned to you.'
          : 'Another agent took this conversation first.',
      );
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'chat.assign',
      targetType: 'chat',
      targetId: id,
      before: { assignedAdminId: null },
      after: { assignedAdminId: adminId },
    });
  });
  await announce(deps, id);
  return summaryOf(deps, id);
}

/** POST v1/admin/chats/:id/close. */
export async function closeChat(deps: ChatDeps, id: string, adminId: string) {
  const conversation = await deps.db.transaction(async (tx) => {
    const existing = await repo.findConversation(tx, id, { lock: true });
    if (!existing) throw notFound('No conversation with this id.');
    if (existing.status === 'closed') throw conflict('This conversation is already closed.');
    const updated = await repo.updateConversation(tx, id, { status: 'closed', unreadByAgent: 0 });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'chat.close',
      targetType: 'chat',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'closed' },
    });
    return updated!;
  });
  await announce(deps, id);
  deps.live.toVisitor(conversation, 'chatRead', { conversationId: id, by: 'agent' });
  return summaryOf(deps, id);
}

/**
 * POST v1/admin/chats/:id/answer: an unassigned conversation becomes the answering agent's; one assigned
 * to another agent is theirs to answer (409). Answering reads the visitor's messages. When the visitor
 * wrote while no agent was online, the answer is mailed as well (after the commit).
 */
export async function answerChat(deps: ChatDeps, id: string, adminId: string, text: string) {
  const { conversation, message, wasOffline } = await deps.db.transaction(async (tx) => {
    const existing = await repo.findConversation(tx, id, { lock: true });
    if (!existing) throw notFound('No conversation with this id.');
    if (existing.status === 'closed') throw conflict('This conversation is closed.');
    if (existing.assignedAdminId && existing.assignedAdminId !== adminId) throw conflict('Another agent is answering this conversation.');
    const now = new Date();
    const message = await repo.insertMessage(tx, {
      conversationId: id,
      senderKind: 'agent',
      senderId: adminId,
      body: text,
      createdAt: now,
    });
    const conversation = await repo.updateConversation(tx, id, {
      assignedAdminId: adminId,
      lastMessageAt: now,
      unreadByAgent: 0,
      unreadByVisitor: existing.unreadByVisitor + 1,
      answerByEmail: false,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'chat.answer',
      targetType: 'chat',
      targetId: id,
      before: { assignedAdminId: existing.assignedAdminId },
      after: { assignedAdminId: adminId, messageId: message.id },
    });
    return { conversation: conversation!, message, wasOffline: existing.answerByEmail };
  });
  const mailTo = wasOffline ? await visitorEmail(deps.db, conversation) : null;
  deps.live.toVisitor(conversation, 'chatMessage', { message: messageView(message) });
  deps.live.toAgents('chatMessage', { message: messageView(message) });
  await announce(deps, id);
  if (mailTo) {
    // The answer is stored and shown in the chat either way; a mail failure is logged, not the agent's problem.
    await deps.mailer.send(chatAnswerEmail({ to: mailTo, answer: text, storeUrl: deps.storeUrl })).catch((err: unknown) => {
      deps.log.error({ err, conversationId: id }, 'chat answer e-mail not sent');
    });
  }
  return { chat: await summaryOf(deps, id), message: messageView(message) };
}

/** POST v1/admin/chats/:id/read: the agents read the visitor's messages (the visitor sees a receipt). */
export async function agentRead(deps: ChatDeps, id: string) {
  const conversation = await repo.updateConversation(deps.db, id, { unreadByAgent: 0 });
  if (!conversation) throw notFound('No conversation with this id.');
  deps.live.toVisitor(conversation, 'chatRead', { conversationId: id, by: 'agent' });
  await announce(deps, id);
}

/** POST v1/admin/chats/:id/typing: the visitor sees "Agent is typing…". */
export async function agentTyping(deps: ChatDeps, id: string) {
  const conversation = await repo.findConversation(deps.db, id);
  if (!conversation) throw notFound('No conversation with this id.');
  deps.live.toVisitor(conversation, 'chatTyping', { conversationId: id, senderKind: 'agent' });
}
