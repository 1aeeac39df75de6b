// The chat's live side (ADR 027): the socket.io namespace CHAT_NAMESPACE, multiplexed over the store's live
// connection. Who may listen is decided at the handshake:
//   - an ADMIN session asking for the inbox (auth.inbox) joins the agents' room (every conversation's events);
//   - a USER session joins that shopper's room (their conversation on every device);
//   - a guest proves a conversation key and joins that one conversation's room, nothing else.
// Events are sent after the change they report is committed (persist first, then emit).
import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { CHAT_NAMESPACE, COUNTRY_RESTRICTED_MESSAGE, type ChatServerToClientEvents } from '@store/shared';
import { hashToken } from '../../lib/ids.ts';
import type { Db } from '../../db/client.ts';
import { findGuestConversation } from './repository.ts';

/** An agent counts as online for this long after their inbox closed (a reload, a flaky network). */
export const AGENT_GRACE_MS = 60_000;
const INBOX_ROOM = 'inbox';
const userRoom = (userId: string) => `chat-user:${userId}`;
const guestRoom = (conversationId: string) => `chat-guest:${conversationId}`;

type ChatNamespace = Namespace<Record<string, never>, ChatServerToClientEvents>;
type ChatSocket = Socket<Record<string, never>, ChatServerToClientEvents>;
type Event = keyof ChatServerToClientEvents;
type Payload<E extends Event> = Parameters<ChatServerToClientEvents[E]>[0];

/** Whom a conversation's visitor-side events reach. */
export interface ConversationAddress {
  id: string;
  userId: string | null;
}

export interface ChatLive {
  toVisitor<E extends Event>(conversation: ConversationAddress, event: E, payload: Payload<E>): void;
  toAgents<E extends Event>(event: E, payload: Payload<E>): void;
  /** Whether an agent has the inbox open, or had it within AGENT_GRACE_MS. */
  agentsOnline(): Promise<boolean>;
  /** Closes this instance's chat sockets (shutdown: they would keep the HTTP server open). */
  close(): void;
}

function firstString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

export function chatLive(app: Pick<FastifyInstance, 'live' | 'userForToken' | 'fromRestrictedCountry' | 'log'>, db: Db): ChatLive {
  let nsp: ChatNamespace | undefined;
  let agentLeftAt = 0;

  const agentsConnected = async (): Promise<boolean> => {
    if (!nsp) return false;
    // Across instances with the Redis adapter; a slow answer counts as none rather than hanging a send.
    const sockets = await nsp
      .in(INBOX_ROOM)
      .timeout(2000)
      .fetchSockets()
      .catch(() => []);
    return sockets.length > 0;
  };

  app.live.addNamespace((server: Server) => {
    const namespace = server.of(CHAT_NAMESPACE) as unknown as ChatNamespace;
    nsp = namespace;
    namespace.use((socket, next) => {
      app.fromRestrictedCountry(socket.request).then(
        (restricted) => next(restricted ? new Error(COUNTRY_RESTRICTED_MESSAGE) : undefined),
        () => next(new Error('unavailable')),
      );
    });
    namespace.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; chatKey?: unknown; inbox?: unknown };
      joinRooms(socket, firstString(auth.token), firstString(auth.chatKey), auth.inbox === true).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (err: unknown) => {
          app.log.error({ err }, 'chat handshake failed');
          next(new Error('unavailable'));
        },
      );
    });
    namespace.on('connection', (socket: ChatSocket) => {
      const isAgent = socket.rooms.has(INBOX_ROOM);
      if (!isAgent) return;
      namespace.emit('chatAgentsOnline', { online: true });
      socket.on('disconnect', () => {
        agentLeftAt = Date.now();
      });
    });
  });

  /** Rooms are joined in the middleware, before the connection is announced: no event is missed in between. */
  async function joinRooms(socket: ChatSocket, token: string | undefined, chatKey: string | undefined, inbox: boolean): Promise<boolean> {
    if (token) {
      const user = await app.userForToken(token);
      if (!user) return false;
      // Only the inbox page asks for the inbox: an admin browsing the store is a visitor, not an agent online.
      if (inbox && user.role !== 'ADMIN') return false;
      await socket.join(inbox ? INBOX_ROOM : userRoom(user._id));
      return true;
    }
    if (chatKey) {
      const conversation = await findGuestConversation(db, hashToken(chatKey));
      if (!conversation) return false;
      await socket.join(guestRoom(conversation.id));
      return true;
    }
    return false;
  }

  const emit = (room: string, event: Event, payload: unknown) => {
    nsp?.to(room).emit(event, payload as never);
  };

  return {
    toVisitor(conversation, event, payload) {
      emit(conversation.userId ? userRoom(conversation.userId) : guestRoom(conversation.id), event, payload);
    },
    toAgents(event, payload) {
      emit(INBOX_ROOM, event, payload);
    },
    async agentsOnline() {
      if (Date.now() - agentLeftAt < AGENT_GRACE_MS) return true;
      return agentsConnected();
    },
    close() {
      nsp?.local.disconnectSockets(true);
    },
  };
}
