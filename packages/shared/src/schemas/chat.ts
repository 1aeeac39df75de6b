// Live chat (issue 12, ADR 027): a visitor's conversation with the store's agents, and the agents' inbox.
// Message text is plain text: the web renders it as text, never as HTML.
import { z } from 'zod';
import { email } from './auth.ts';

/** The longest message a visitor or agent may send, in characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** The socket.io namespace of the chat, multiplexed over the store's live connection (SOCKET_PATH). */
export const CHAT_NAMESPACE = '/chat';
/** The header a guest proves their conversation with: the key they got when they first wrote. */
export const CHAT_KEY_HEADER = 'x-chat-key';
/** Where a guest's browser keeps its conversation key. */
export const CHAT_KEY_STORAGE = 'chatConversationKey';
export const CHAT_OFFLINE_MESSAGE = 'Our agents are offline — we will answer by e-mail';

export const chatText = z
  .string()
  .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character')
  .pipe(z.string().trim().min(1, 'must not be empty').max(CHAT_MESSAGE_MAX, `must be at most ${CHAT_MESSAGE_MAX} characters`));

export const chatSenderKind = z.enum(['shopper', 'guest', 'agent']);
export type ChatSenderKind = z.infer<typeof chatSenderKind>;
export const chatStatus = z.enum(['open', 'closed']);
export type ChatStatus = z.infer<typeof chatStatus>;

export const chatMessage = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  senderKind: chatSenderKind,
  text: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** The conversation as its visitor sees it. */
export const chatConversation = z.object({
  id: z.string(),
  status: chatStatus,
  /** Agents' messages the visitor has not read yet. */
  unread: z.number().int(),
  /** Whether an agent has read everything the visitor wrote (the read receipt). */
  readByAgent: z.boolean(),
  /** Where answers are mailed while no agent is online; null when none is known yet (a guest). */
  email: z.string().nullable(),
  messages: z.array(chatMessage),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/** GET v1/chat: the visitor's conversation (null before the first message) and whether agents are online. */
export const chatStateResponse = z.object({
  success: z.literal(true),
  data: z.object({ agentsOnline: z.boolean(), conversation: chatConversation.nullable() }),
});

/**
 * POST v1/chat/messages. email: a guest's address for an answer by e-mail while agents are offline
 * (a signed-in shopper's account address is used).
 */
export const chatSendBody = z.strictObject({ text: chatText, email: email.optional() });
export type ChatSendBody = z.infer<typeof chatSendBody>;

export const chatSendResponse = z.object({
  success: z.literal(true),
  data: z.object({
    conversation: chatConversation,
    message: chatMessage,
    /** Only when a guest's first message opened the conversation: keep it, it is shown once. */
    conversationKey: z.string().optional(),
  }),
});

export const chatOkResponse = z.object({ success: z.literal(true), data: z.object({ ok: z.literal(true) }) });

// --- The agents' inbox ---

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** GET v1/admin/chats: status (default open), assigned = me | unassigned | any (default any). */
export const adminChatsQuery = z.strictObject({
  status: chatStatus.default('open'),
  assigned: z.enum(['me', 'unassigned', 'any']).default('any'),
  page: wholeNumber(10_000).default(1),
  limit: wholeNumber(100).default(20),
});
export type AdminChatsQuery = z.infer<typeof adminChatsQuery>;

export const adminChatSummary = z.object({
  id: z.string(),
  status: chatStatus,
  /** The shopper's user id; null for a guest. */
  userId: z.string().nullable(),
  /** The shopper's name and e-mail, or the guest's e-mail when they left one. */
  visitorName: z.string(),
  visitorEmail: z.string().nullable(),
  assignedAdminId: z.string().nullable(),
  assignedAdminEmail: z.string().nullable(),
  unread: z.number().int(),
  lastMessageAt: z.string(),
  lastMessage: z.string().nullable(),
  /** The visitor wrote while no agent was online: the next answer is mailed too. */
  answerByEmail: z.boolean(),
});
export type AdminChatSummary = z.infer<typeof adminChatSummary>;

export const adminChatsResponse = z.object({
  success: z.literal(true),
  data: z.object({ chats: z.array(adminChatSummary), page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
});

export const adminChatOrder = z.object({
  _id: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
  createdAt: z.string(),
});

export const adminChatDetailResponse = z.object({
  success: z.literal(true),
  data: z.object({
    chat: adminChatSummary,
    messages: z.array(chatMessage),
    /** The shopper beside the conversation; null for a guest. */
    profile: z.object({ id: z.string(), email: z.string(), firstname: z.string(), lastname: z.string(), createdAt: z.string() }).nullable(),
    /** The shopper's newest purchases (at most 5). */
    recentOrders: z.array(adminChatOrder),
  }),
});
export type AdminChatDetail = z.infer<typeof adminChatDetailResponse>['data'];

export const adminChatParams = z.strictObject({ id: z.string().min(1).max(100) });
export const adminChatAnswerBody = z.strictObject({ text: chatText });

export const adminChatResponse = z.object({ success: z.literal(true), data: adminChatSummary });
export const adminChatAnswerResponse = z.object({
  success: z.literal(true),
  data: z.object({ chat: adminChatSummary, message: chatMessage }),
});

// --- Live events of the chat namespace ---

export interface ChatServerToClientEvents {
  /** A message was stored in a conversation the socket follows. */
  chatMessage: (payload: { message: ChatMessage }) => void;
  /** Someone is typing: the visitor hears agents, agents hear visitors. */
  chatTyping: (payload: { conversationId: string; senderKind: ChatSenderKind }) => void;
  /** The other side read the conversation up to now. */
  chatRead: (payload: { conversationId: string; by: 'visitor' | 'agent' }) => void;
  /** The inbox row changed (new, assigned, closed, unread count): agents re-read it. */
  chatUpdated: (payload: { chat: AdminChatSummary }) => void;
  /** Agents came online or went offline. */
  chatAgentsOnline: (payload: { online: boolean }) => void;
}
