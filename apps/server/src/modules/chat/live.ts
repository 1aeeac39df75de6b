// The chat's live side (ADR 027): the socket.io namespace CHAT_NAMESPACE, multiplexed over the store's live
// connection. Who may listen is decided at the handshake:
//   - an ADMIN session asking for the inbox (auth.inbox) joins the agents' room (every conversation's events);
//   - a USER session joins that shopper's room (their conversation on every device);
//   - a guest proves a conversation key and joins that one conversation's room, nothing else.
// Events are sent after the change they report is committed (persist first, then emit).
// The live plugin looks the session up and closes every socket of a session when it ends (ADR 030).
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { CHAT_NAMESPACE, type ChatServerToClientEvents } from '@store/shared';
import { hashToken } from '../../lib/ids.ts';
import type { Db } from '../../db/client.ts';
import { findGuestConversation } from './repository.ts';

/**
 * An agent counts as online for this long after their inbox closed (a reload, a flaky network), while
 * their session lives: a signed-out or revoked agent stops counting at once (ADR 030).
 */
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
  /** Whether an agent has the inbox open, or had it within AGENT_GRACE_MS with a session still live. */
  agentsOnline(): Promise<boolean>;
}

function firstString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
}

/** An agent whose inbox closed while their session lived: online for AGENT_GRACE_MS unless it ends. */
interface DepartedAgent {
  userId: string;
  leftAt: number;
}

export function chatLive(app: Pick<FastifyInstance, 'live' | 'liveTokenHashes' | 'log'>, db: Db): ChatLive {
  let nsp: ChatNamespace | undefined;
  // By session token hash, on this instance (ADR 027: the grace is per instance).
  const departed = new Map<string, DepartedAgent>();

  app.live.onSessionEnd((end) => {
    if ('tokenHash' in end) departed.delete(end.tokenHash);
    else for (const [hash, agent] of departed) if (agent.userId === end.userId) departed.delete(hash);
  });

  /** Departed agents still in their grace whose session still lives (one query, only while there are some). */
  const recentlyDeparted = async (): Promise<boolean> => {
    const now = Date.now();
    for (const [hash, agent] of departed) if (now - agent.leftAt >= AGENT_GRACE_MS) departed.delete(hash);
    if (departed.size === 0) return false;
    const live = await app.liveTokenHashes([...departed.keys()]);
    for (const hash of departed.keys()) if (!live.includes(hash)) departed.delete(hash);
    return live.length > 0;
  };

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

  app.live.addNamespace(CHAT_NAMESPACE, (base: Namespace) => {
    const namespace = base as unknown as ChatNamespace;
    nsp = namespace;
    namespace.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as { chatKey?: unknown; inbox?: unknown };
      joinRooms(socket, firstString(auth.chatKey), auth.inbox === true).then(
        (ok) => next(ok ? undefined : new Error('unauthorized')),
        (err: unknown) => {
          app.log.error({ err }, 'chat handshake failed');
          next(new Error('unavailable'));
        },
      );
    });
    namespace.on('connection', (socket: ChatSocket) => {
      // Closed already: its session ended while it connected.
      if (!socket.connected || !socket.rooms.has(INBOX_ROOM)) return;
      const session = app.live.sessionOf(socket as unknown as Socket)!;
      departed.delete(session.tokenHash);
      namespace.emit('chatAgentsOnline', { online: true });
      socket.on('disconnect', () => {
        if (!app.live.closedBySessionEnd(socket as unknown as Socket)) {
          departed.set(session.tokenHash, { userId: session.userId, leftAt: Date.now() });
          return;
        }
        // Signed out or revoked: no grace; visitors learn at once when that was the last agent.
        agentsOnline().then(
          (online) => online || namespace.emit('chatAgentsOnline', { online: false }),
          (err: unknown) => app.log.warn({ err }, 'chat agents online not known'),
        );
      });
    });
  });

  /** Rooms are joined in the middleware, before the connection is announced: no event is missed in between. */
  async function joinRooms(socket: ChatSocket, chatKey: string | undefined, inbox: boolean): Promise<boolean> {
    // The live plugin looked the token up (a dead one never gets here).
    const session = app.live.sessionOf(socket as unknown as Socket);
    if (session) {
      // Only the inbox page asks for the inbox: an admin browsing the store is a visitor, not an agent online.
      if (inbox && session.role !== 'ADMIN') return false;
      await socket.join(inbox ? INBOX_ROOM : userRoom(session.userId));
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

  async function agentsOnline(): Promise<boolean> {
    return (await recentlyDeparted()) || agentsConnected();
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
    agentsOnline,
  };
}
