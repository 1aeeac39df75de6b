// Live chat (issue 12, ADR 027, ADR 004: calls beyond SPEC §7). Visitors: their own conversation only —
// a signed-in shopper by the session, a guest by the conversation key (header x-chat-key) they got with
// their first message. Agents: role ADMIN (guest 401, shopper 403), the inbox of every conversation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  adminChatAnswerBody,
  adminChatAnswerResponse,
  adminChatDetailResponse,
  adminChatParams,
  adminChatResponse,
  adminChatsQuery,
  adminChatsResponse,
  CHAT_KEY_HEADER,
  chatOkResponse,
  chatSendBody,
  chatSendResponse,
  chatStateResponse,
  errorEnvelope,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../lib/ids.ts';
import { chatLive } from './live.ts';
import {
  agentRead,
  agentTyping,
  answerChat,
  assignChat,
  chatDetail,
  closeChat,
  listChats,
  sendVisitorMessage,
  visitorRead,
  visitorState,
  visitorTyping,
  type ChatDeps,
  type Visitor,
} from './service.ts';

/** Per sender: this many messages in CHAT_RATE_WINDOW_MS, then 429 until the window passes. */
export const CHAT_RATE_MAX = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
export const CHAT_RATE_LIMITED_MESSAGE = 'You are sending messages too fast. Please wait a few seconds and try again.';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };

function chatKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[CHAT_KEY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key && key.length <= 256 ? key : null;
}

/** A signed-in caller is a shopper (an agent trying the widget too); anyone else is a guest. */
function visitorOf(request: FastifyRequest): Visitor {
  return request.user ? { kind: 'shopper', userId: request.user._id } : { kind: 'guest', key: chatKeyOf(request) };
}

/** The sender a message counts against: the account, the guest's conversation, or (first message) the address. */
function senderKey(request: FastifyRequest): string {
  if (request.user) return `chat|user|${request.user._id}`;
  const key = chatKeyOf(request);
  return key ? `chat|guest|${hashToken(key)}` : `chat|address|${request.ip}`;
}

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const live = chatLive(app, app.db);
  const deps: ChatDeps = { db: app.db, live, mailer: app.mailer, log: app.log, storeUrl: app.config.PUBLIC_URL };

  const limiter = app.createRateLimit({ max: CHAT_RATE_MAX, timeWindow: CHAT_RATE_WINDOW_MS, keyGenerator: senderKey });
  async function limitPerSender(request: FastifyRequest, reply: FastifyReply) {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(429, 'RATE_LIMITED', CHAT_RATE_LIMITED_MESSAGE);
  }

  app.get(
    '/v1/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "The visitor's conversation (null before the first message) and whether agents are online",
        description: `A signed-in shopper's conversation follows the session; a guest names theirs with the ${CHAT_KEY_HEADER} header (an unknown key: null).`,
        response: { 200: chatStateResponse, 400: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await visitorState(deps, visitorOf(request)) }),
  );

  app.post(
    '/v1/chat/messages',
    {
      preHandler: limitPerSender,
      schema: {
        tags: ['chat'],
        summary: 'The visitor writes to the agents',
        description: `{ text: 1..2000 characters of plain text, email?: a guest's address for an answer by e-mail while agents are offline }. The first message opens the conversation; a guest's answer then carries conversationKey, once: send it as ${CHAT_KEY_HEADER} from then on. ${CHAT_RATE_MAX} messages per ${CHAT_RATE_WINDOW_MS / 1000} s per sender, then 429.`,
        body: chatSendBody,
        response: { 200: chatSendResponse, ...refusals, 429: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await sendVisitorMessage(deps, visitorOf(request), request.body) }),
  );

  app.post(
    '/v1/chat/read',
    {
      schema: {
        tags: ['chat'],
        summary: "The visitor read the agents' messages (the agents see a read receipt)",
        response: { 200: chatOkResponse, ...refusals },
      },
    },
    async (request) => {
      await visitorRead(deps, visitorOf(request));
      return { success: true as const, data: { ok: true as const } };
    },
  );

  app.post(
    '/v1/chat/typing',
    {
      schema: {
        tags: ['chat'],
        summary: 'The visitor is typing (the agents see it for a moment)',
        response: { 200: chatOkResponse, ...refusals },
      },
    },
    async (request) => {
      await visitorTyping(deps, visitorOf(request));
      return { success: true as const, data: { ok: true as const } };
    },
  );

  await app.register(adminChatRoutes, { deps, limitPerSender });
};

/** The agents' inbox: role ADMIN for every route, checked when the request arrives (guest 401, shopper 403). */
const adminChatRoutes: FastifyPluginAsyncZod<{
  deps: ChatDeps;
  limitPerSender: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}> = async (admin, { deps, limitPerSender }) => {
  requireSession(admin);
  admin.addHook('onRequest', requireRole('ADMIN'));
  const agent = (request: FastifyRequest) => signedInUser(request)._id;

  admin.get(
    '/v1/admin/chats',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: 'The agents’ inbox: conversations, newest activity first',
        description: 'Role ADMIN. ?status=open|closed (default open), ?assigned=me|unassigned|any (default any), page, limit (1..100).',
        querystring: adminChatsQuery,
        response: { 200: adminChatsResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await listChats(deps, agent(request), request.query) }),
  );

  admin.get(
    '/v1/admin/chats/:id',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: 'A conversation with its messages, the shopper’s profile and recent orders',
        description: 'Role ADMIN. A guest has no profile and no orders. 404 for an unknown id.',
        params: adminChatParams,
        response: { 200: adminChatDetailResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await chatDetail(deps, request.params.id) }),
  );

  admin.post(
    '/v1/admin/chats/:id/assign',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: 'Assign an open, unassigned conversation to me',
        description: 'Role ADMIN. Audited (chat.assign). 409 when another agent took it first, or it is closed.',
        params: adminChatParams,
        response: { 200: adminChatResponse, ...refusals, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await assignChat(deps, request.params.id, agent(request)) }),
  );

  admin.post(
    '/v1/admin/chats/:id/answer',
    {
      preHandler: limitPerSender,
      schema: {
        tags: ['chat', 'admin'],
        summary: 'Answer a conversation',
        description:
          'Role ADMIN. { text: 1..2000 characters }. Assigns an unassigned conversation to me; 409 when it is closed or another agent’s. Audited (chat.answer). Mailed too when the visitor wrote while agents were offline.',
        params: adminChatParams,
        body: adminChatAnswerBody,
        response: { 200: adminChatAnswerResponse, ...refusals, 409: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await answerChat(deps, request.params.id, agent(request), request.body.text) }),
  );

  admin.post(
    '/v1/admin/chats/:id/close',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: 'Close a conversation',
        description: 'Role ADMIN. Audited (chat.close). 409 when already closed. The visitor writing again reopens it.',
        params: adminChatParams,
        response: { 200: adminChatResponse, ...refusals, 409: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await closeChat(deps, request.params.id, agent(request)) }),
  );

  admin.post(
    '/v1/admin/chats/:id/read',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: "The agents read the visitor's messages (the visitor sees a read receipt)",
        description: 'Role ADMIN. A receipt, not a change of the store: not audited.',
        params: adminChatParams,
        response: { 200: chatOkResponse, ...refusals },
      },
    },
    async (request) => {
      await agentRead(deps, request.params.id);
      return { success: true as const, data: { ok: true as const } };
    },
  );

  admin.post(
    '/v1/admin/chats/:id/typing',
    {
      schema: {
        tags: ['chat', 'admin'],
        summary: 'An agent is typing (the visitor sees "Agent is typing…")',
        description: 'Role ADMIN. Not stored, not audited.',
        params: adminChatParams,
        response: { 200: chatOkResponse, ...refusals },
      },
    },
    async (request) => {
      await agentTyping(deps, request.params.id);
      return { success: true as const, data: { ok: true as const } };
    },
  );
};

export default chatRoutes;
