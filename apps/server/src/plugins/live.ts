import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { COUNTRY_RESTRICTED_MESSAGE, ROLE_USER, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@store/shared';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../lib/ids.ts';
import { latestLiveEventId, LIVE_REPLAY_BATCH, liveEventsAfter, recordLiveEvent } from './live-events.ts';

interface SocketData {
  userId: string;
  sessionRoom: string;
  /** The last event id the client saw (handshake auth.lastEventId), or null when it named none. */
  lastEventId: number | null;
}
/** Between instances (Redis adapter): "this user has new stored events", so each instance reads them. */
interface InterServerEvents {
  liveEventsFor: (userId: string) => void;
}
type StoredEvent = Exclude<keyof ServerToClientEvents, 'liveSynced'>;
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Live {
  /**
   * Stores an event for a user (live_events, with an increasing id), then sends it to every open
   * connection of the user, on whichever instance it is connected. Callers emit after their transaction
   * committed (the outbox handlers, the cart routes), so the event is stored right after the change it
   * reports, in its own short transaction. Fire and forget: a failure is logged, the caller's answer stands.
   */
  emitToUser<E extends StoredEvent>(userId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** Resolves once every event emitted so far is stored and announced (shutdown, tests). */
  flush(): Promise<void>;
  /** Closes the connections opened with one session token (logout), on every instance. */
  endSession(token: string): void;
  /** Closes every connection of a user (password reset revokes all sessions). */
  endUser(userId: string): void;
  /**
   * Sets up a module's own socket.io namespace (the chat, ADR 027) on the same server once it exists: it
   * shares the live connection's transport and Redis adapter, and keeps its own handshake rules, so this
   * namespace's USER-only rule is untouched.
   */
  addNamespace(setup: (server: Server) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

/** The largest message a live connection accepts (engine.io's maxHttpBufferSize). */
export const LIVE_MESSAGE_LIMIT_BYTES = 16 * 1024;

export const userRoom = (userId: string) => `user:${userId}`;
// Named by the token's hash, like the sessions table: the raw token never becomes a room name.
const sessionRoom = (token: string) => `session:${hashToken(token)}`;

function firstString(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

/**
 * The handshake carries auth.token plus query _id and role (SPEC §7). Only the token is trusted: it must
 * name a live USER session, and the query must agree with that session, so nobody can listen to another
 * user's room by editing the query string.
 */
async function authorizeHandshake(userForToken: FastifyInstance['userForToken'], socket: LiveSocket): Promise<SocketData | null> {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  const token = typeof auth?.token === 'string' ? auth.token : undefined;
  const user = await userForToken(token);
  if (!token || !user || user.role !== ROLE_USER) return null;
  const { _id, role } = socket.handshake.query;
  if (firstString(_id) !== user._id || firstString(role) !== user.role) return null;
  return { userId: user._id, sessionRoom: sessionRoom(token), lastEventId: null };
}

/**
 * The last event id a client names: handshake auth.lastEventId (a number, or digits), or query lastEventId.
 * Absent: null (start at the newest event, replay nothing). Anything but a non-negative safe integer is
 * refused with 'invalid lastEventId' rather than guessed at: 0 would replay a week of toasts, "newest"
 * could silently skip events; our client only ever sends what the server gave it.
 */
export function parseLastEventId(socket: Pick<LiveSocket, 'handshake'>): number | null | 'invalid' {
  const auth = socket.handshake.auth as { lastEventId?: unknown } | undefined;
  const raw = auth?.lastEventId ?? firstString(socket.handshake.query.lastEventId);
  if (raw === undefined || raw === null) return null;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return 'invalid';
  return Number(text);
}

/**
 * Live notifications over socket.io at /socket.io/ (websocket, falling back to polling). With REDIS_URL
 * the Redis adapter relays emits between instances, so a user connected to instance B hears an event
 * raised on instance A.
 */
export default fp(
  async (app) => {
    let io: LiveServer | undefined;
    let redisClients: Redis[] = [];
    // This instance's connections by user: each reads the stored events after its own cursor.
    const followers = new Map<string, Set<() => void>>();
    // One user's emits are stored in the order they were made (the ids follow the calls).
    const writes = new Map<string, Promise<void>>();

    const namespaceSetups: ((server: Server) => void)[] = [];

    const wakeLocal = (userId: string) => {
      for (const wake of followers.get(userId) ?? []) wake();
    };

    app.decorate<Live>('live', {
      emitToUser(userId, event, payload) {
        const previous = writes.get(userId) ?? Promise.resolve();
        const write = previous
          .then(() => recordLiveEvent(app.db, userId, event, payload))
          .then(
            () => {
              wakeLocal(userId);
              // Other instances' connections of the user read it too (the default adapter has no others).
              if (app.config.REDIS_URL) io?.serverSideEmit('liveEventsFor', userId);
            },
            (err: unknown) => app.log.error({ err, event }, 'live event not stored'),
          )
          .finally(() => {
            if (writes.get(userId) === write) writes.delete(userId);
          });
        writes.set(userId, write);
      },
      async flush() {
        await Promise.all([...writes.values()]);
      },
      endSession(token) {
        io?.in(sessionRoom(token)).disconnectSockets(true);
      },
      endUser(userId) {
        io?.in(userRoom(userId)).disconnectSockets(true);
      },
      addNamespace(setup) {
        if (io) setup(io as unknown as Server);
        else namespaceSetups.push(setup);
      },
    });

    // Created once the app is ready: the HTTP server exists by then and app.inject tests (which never
    // listen) get a working emitToUser too.
    app.addHook('onReady', async () => {
      let adapter: ReturnType<typeof createAdapter> | undefined;
      if (app.config.REDIS_URL) {
        const pub = new Redis(app.config.REDIS_URL);
        const sub = pub.duplicate();
        redisClients = [pub, sub];
        for (const client of redisClients) client.on('error', (err) => app.log.warn({ err }, 'live redis error'));
        // Fail the start (instead of silently dropping cross-instance events) when Redis is unreachable.
        await Promise.all([pub.ping(), sub.ping()]);
        adapter = createAdapter(pub, sub);
      }

      io = new Server(app.server, {
        path: SOCKET_PATH,
        transports: ['websocket', 'polling'],
        serveClient: false,
        // The events the store takes are tiny (a ping); socket.io's 1 MB default would let anyone, before
        // the handshake is authorised, hand the parser large messages.
        maxHttpBufferSize: LIVE_MESSAGE_LIMIT_BYTES,
        ...(adapter ? { adapter } : {}),
      }) as LiveServer;
      // The adapter subscribed while the server was built; a PING answered after those replies means
      // this instance already hears other instances' emits when the app reports ready.
      if (redisClients[1]) await redisClients[1].ping();

      const server = io;
      server.use((socket, next) => {
        // The country restriction (ADR 018) closes the live connection as it closes the session routes.
        app.fromRestrictedCountry(socket.request).then(
          (restricted) => next(restricted ? new Error(COUNTRY_RESTRICTED_MESSAGE) : undefined),
          (err: unknown) => {
            app.log.error({ err }, 'live country check failed');
            next(new Error('unavailable'));
          },
        );
      });
      server.use((socket, next) => {
        authorizeHandshake(app.userForToken, socket).then(
          (data) => {
            if (!data) return next(new Error('unauthorized'));
            const lastEventId = parseLastEventId(socket);
            if (lastEventId === 'invalid') return next(new Error('invalid lastEventId'));
            socket.data = { ...data, lastEventId };
            next();
          },
          (err: unknown) => {
            app.log.error({ err }, 'live handshake failed');
            next(new Error('unavailable'));
          },
        );
      });
      server.on('liveEventsFor', (userId) => wakeLocal(userId));
      for (const setup of namespaceSetups.splice(0)) setup(server as unknown as Server);
      server.on('connection', (socket) => {
        void socket.join([userRoom(socket.data.userId), socket.data.sessionRoom]);
        follow(socket);
        socket.on('ping', (ack) => {
          if (typeof ack === 'function') ack('pong');
        });
      });
    });

    /**
     * Sends a connection its stored events in id order, each once: first those after the id it named
     * (replay), then, each time an event of its user is stored, those after the last one it was sent.
     * It is woken before the replay query runs, so an event committed during that query is read by the
     * next pass instead of being lost; the cursor keeps it from being sent twice. One user's ids commit
     * in order (recordLiveEvent), so reading "after the cursor" never skips one.
     */
    function follow(socket: LiveSocket) {
      const { userId } = socket.data;
      let cursor = socket.data.lastEventId;
      let queued = false;
      let chain: Promise<void> = Promise.resolve();
      const send = socket.emit as (ev: string, ...args: unknown[]) => boolean;

      const readAll = async () => {
        cursor ??= await latestLiveEventId(app.db, userId);
        for (;;) {
          if (socket.disconnected) return;
          const rows = await liveEventsAfter(app.db, userId, cursor);
          for (const row of rows) {
            send.call(socket, row.type, row.payload, row.id);
            cursor = row.id;
          }
          if (rows.length < LIVE_REPLAY_BATCH) return;
        }
      };
      const wake = () => {
        // A pass that has not started yet will read this event too.
        if (queued) return;
        queued = true;
        chain = chain
          .then(() => {
            queued = false;
            return readAll();
          })
          .catch((err: unknown) => app.log.warn({ err }, 'live events not read'));
      };

      let set = followers.get(userId);
      if (!set) followers.set(userId, (set = new Set()));
      set.add(wake);
      socket.on('disconnect', () => {
        set.delete(wake);
        if (set.size === 0 && followers.get(userId) === set) followers.delete(userId);
      });
      wake();
      void chain.then(() => {
        if (cursor !== null && socket.connected) socket.emit('liveSynced', { lastEventId: cursor });
      });
    }

    // Open sockets would otherwise keep the HTTP server from closing.
    app.addHook('preClose', async () => {
      // Events emitted just before shutdown are stored before the database closes.
      await app.live.flush();
      io?.local.disconnectSockets(true);
    });

    app.addHook('onClose', async () => {
      await io?.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'live', dependencies: ['auth'] },
);
