import fp from 'fastify-plugin';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { COUNTRY_RESTRICTED_MESSAGE, ROLE_USER, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@store/shared';
import { hashToken } from '../lib/ids.ts';
import { latestLiveEventId, LIVE_REPLAY_BATCH, liveEventsAfter, recordLiveEvent } from './live-events.ts';
import { LiveSessionRegistry, type LiveSession, type SessionEnd } from './live-sessions.ts';

export type { LiveSession } from './live-sessions.ts';

interface SocketData {
  userId: string;
  /** The last event id the client saw (handshake auth.lastEventId), or null when it named none. */
  lastEventId: number | null;
}
/** Between instances (Redis adapter). */
interface InterServerEvents {
  /** "This user has new stored events", so each instance reads them. */
  liveEventsFor: (userId: string) => void;
  /** A session (or every session of a user) ended: close its sockets here; answered once they are closed. */
  liveSessionEnded: (end: SessionEnd, done: (closed: true) => void) => void;
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
  /**
   * Closes every socket opened with one session token (logout), in every namespace, on every instance
   * (ADR 030). Call it after the session's end is committed. Resolves once this instance's sockets are
   * closed and every other instance confirmed it closed its own (at most SESSION_END_CONFIRM_MS; past
   * that, their re-check closes them). Never rejects.
   */
  endSession(token: string): Promise<void>;
  /** The same for every session a user has (a password reset, an admin's revoke). */
  endUser(userId: string): Promise<void>;
  /**
   * Sets up a module's own socket.io namespace (the chat, ADR 027) on the same server once it exists: it
   * shares the live connection's transport, Redis adapter and country check, and keeps its own handshake
   * rules. The plugin has already looked up the handshake's session (auth.token) when the module's own
   * middleware runs (sessionOf); a token that names no live session is refused before it; and every
   * socket opened with a session closes when that session ends (ADR 030). A namespace's connection
   * handler must return at once when the socket is no longer connected (its session ended meanwhile).
   */
  addNamespace(name: string, setup: (namespace: Namespace) => void): void;
  /** The live session a socket's handshake named (auth.token); null for a guest's socket. */
  sessionOf(socket: Socket): LiveSession | null;
  /** Whether a socket was closed because its session ended (not a reload, a lost network, a shutdown). */
  closedBySessionEnd(socket: Socket): boolean;
  /** Called with every session end this instance hears of: its own, another instance's, the re-check's. */
  onSessionEnd(listener: (end: SessionEnd) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

/** The largest message a live connection accepts (engine.io's maxHttpBufferSize). */
export const LIVE_MESSAGE_LIMIT_BYTES = 16 * 1024;

/** How long ending a session waits for the other instances to confirm they closed its sockets. */
export const SESSION_END_CONFIRM_MS = 3000;
/** The re-check asks about this many sessions per query. */
const RECHECK_BATCH = 500;

function firstString(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v : undefined;
}

/**
 * The main namespace's handshake carries auth.token plus query _id and role (SPEC §7). Only the token is
 * trusted: it must name a live USER session (looked up for every namespace before this), and the query
 * must agree with that session, so nobody can listen to another user's events by editing the query string.
 */
function authorizeHandshake(session: LiveSession | null, socket: LiveSocket): boolean {
  if (!session || session.role !== ROLE_USER) return false;
  const { _id, role } = socket.handshake.query;
  return firstString(_id) === session.userId && firstString(role) === session.role;
}

/** Resolves with the promise, or rejects once `ms` passed; the promise's own later failure is ignored. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
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

    const namespaceSetups: [name: string, setup: (namespace: Namespace) => void][] = [];
    const sessions = new LiveSessionRegistry();
    // The session each handshake named, from the plugin's own middleware on: namespaces read it (sessionOf).
    const handshakeSessions = new WeakMap<Socket, LiveSession>();
    let recheckTimer: NodeJS.Timeout | undefined;
    // Set as the store closes, before Redis does: an event stored after that is not relayed (a publish on a
    // closed client rejects inside the adapter, where nothing can catch it, and ends the process). The
    // user's connections on other instances read it with their next event or reconnection.
    let relayClosed = false;

    /** Closes the ended session's sockets here, then asks every other instance to do the same. */
    async function announceEnd(end: SessionEnd): Promise<void> {
      sessions.end(end);
      if (!io || !app.config.REDIS_URL) return;
      try {
        await within(io.serverSideEmitWithAck('liveSessionEnded', end), SESSION_END_CONFIRM_MS);
      } catch (err) {
        app.log.warn({ err }, 'not every instance confirmed closing an ended session; their re-check closes its sockets');
      }
    }

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
              if (app.config.REDIS_URL && !relayClosed) io?.serverSideEmit('liveEventsFor', userId);
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
        return announceEnd({ tokenHash: hashToken(token) });
      },
      endUser(userId) {
        return announceEnd({ userId });
      },
      addNamespace(name, setup) {
        if (io) addNamespace(io as unknown as Server, name, setup);
        else namespaceSetups.push([name, setup]);
      },
      sessionOf(socket) {
        return handshakeSessions.get(socket) ?? null;
      },
      closedBySessionEnd(socket) {
        return sessions.closedBySessionEnd(socket);
      },
      onSessionEnd(listener) {
        sessions.onEnd(listener);
      },
    });

    /**
     * What every namespace shares, set up before the namespace's own rules: the country restriction
     * (ADR 018), the session lookup (a token that names no live session is refused here, in every
     * namespace), and the registry that closes a session's sockets when it ends (ADR 030).
     */
    function prepareNamespace(namespace: Namespace): void {
      namespace.use((socket, next) => {
        // The country restriction closes the live connection as it closes the session routes.
        app.fromRestrictedCountry(socket.request).then(
          (restricted) => next(restricted ? new Error(COUNTRY_RESTRICTED_MESSAGE) : undefined),
          (err: unknown) => {
            app.log.error({ err }, 'live country check failed');
            next(new Error('unavailable'));
          },
        );
      });
      namespace.use((socket, next) => {
        lookUpSession(socket).then(
          (ok) => next(ok ? undefined : new Error('unauthorized')),
          (err: unknown) => {
            app.log.error({ err }, 'live session lookup failed');
            next(new Error('unavailable'));
          },
        );
      });
      // Registered before the namespace's own handler, so that one sees a socket whose session ended
      // during its handshake already closed.
      namespace.on('connection', (socket: Socket) => {
        const session = handshakeSessions.get(socket);
        if (!session || !sessions.add(socket, session)) return;
        socket.on('disconnect', () => sessions.remove(socket));
      });
    }

    function addNamespace(server: Server, name: string, setup: (namespace: Namespace) => void): void {
      const namespace = server.of(name);
      prepareNamespace(namespace);
      setup(namespace);
    }

    /** True for a guest's handshake (no token) and a live session's; false for a token that names none. */
    async function lookUpSession(socket: Socket): Promise<boolean> {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = auth?.token;
      if (token === undefined || token === null || token === '') return true;
      if (typeof token !== 'string') return false;
      const lookedUpAt = Date.now();
      const user = await app.userForToken(token);
      if (!user) return false;
      handshakeSessions.set(socket, { tokenHash: hashToken(token), userId: user._id, role: user.role, lookedUpAt });
      return true;
    }

    /**
     * The re-check (ADR 030): every LIVE_SESSION_RECHECK_MS, one query per RECHECK_BATCH sessions with a
     * socket here asks which are still live; the sockets of the others close. It catches what no end
     * announced: a session that expired, one revoked in the database, an end whose announcement was lost.
     */
    let rechecking = false;
    async function recheckSessions(): Promise<void> {
      if (rechecking) return;
      rechecking = true;
      try {
        const hashes = sessions.tokenHashes();
        for (let i = 0; i < hashes.length; i += RECHECK_BATCH) {
          const batch = hashes.slice(i, i + RECHECK_BATCH);
          const live = new Set(await app.liveTokenHashes(batch));
          for (const tokenHash of batch) if (!live.has(tokenHash)) sessions.end({ tokenHash });
        }
      } catch (err) {
        // The database is away: the sockets stay (the handshake refuses new ones); the next round tries again.
        app.log.warn({ err }, 'live session re-check failed');
      } finally {
        rechecking = false;
      }
    }

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
      prepareNamespace(server.of('/') as unknown as Namespace);
      server.use((socket, next) => {
        const session = handshakeSessions.get(socket as unknown as Socket) ?? null;
        if (!authorizeHandshake(session, socket)) return next(new Error('unauthorized'));
        const lastEventId = parseLastEventId(socket);
        if (lastEventId === 'invalid') return next(new Error('invalid lastEventId'));
        socket.data = { userId: session!.userId, lastEventId };
        next();
      });
      server.on('liveEventsFor', (userId) => wakeLocal(userId));
      server.on('liveSessionEnded', (end, done) => {
        if (isSessionEnd(end)) sessions.end(end);
        done(true);
      });
      for (const [name, setup] of namespaceSetups.splice(0)) addNamespace(server as unknown as Server, name, setup);
      recheckTimer = setInterval(() => void recheckSessions(), app.config.LIVE_SESSION_RECHECK_MS);
      recheckTimer.unref();
      server.on('connection', (socket) => {
        // Its session ended while it connected: the registry closed it.
        if (!socket.connected) return;
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
      clearInterval(recheckTimer);
      // Events emitted just before shutdown are stored before the database closes.
      await app.live.flush();
      // The transports close without a DISCONNECT packet: clients hear a lost transport and reconnect by
      // themselves (to this instance when it is back, or to another one), as after a network blip. A
      // disconnectSockets() here would tell every tab to stay away until it is reloaded.
      io?.engine.close();
    });

    app.addHook('onClose', async () => {
      // Events emitted since preClose (an outbox delivery finishing) are stored and relayed while Redis is up.
      await app.live.flush();
      relayClosed = true;
      await io?.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'live', dependencies: ['auth'] },
);

/** What another instance sent as a session end (the Redis channel is ours, but a bad message must not throw here). */
function isSessionEnd(end: unknown): end is SessionEnd {
  if (!end || typeof end !== 'object') return false;
  const { tokenHash, userId } = end as { tokenHash?: unknown; userId?: unknown };
  return typeof tokenHash === 'string' || typeof userId === 'string';
}
