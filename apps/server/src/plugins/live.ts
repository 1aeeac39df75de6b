import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { ROLE_USER, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@store/shared';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../lib/ids.ts';

interface SocketData {
  userId: string;
  sessionRoom: string;
}
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Live {
  /** Sends an event to every open connection of a user, on whichever instance it is connected. */
  emitToUser<E extends keyof ServerToClientEvents>(userId: string, event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void;
  /** Closes the connections opened with one session token (logout), on every instance. */
  endSession(token: string): void;
  /** Closes every connection of a user (password reset revokes all sessions). */
  endUser(userId: string): void;
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
  return { userId: user._id, sessionRoom: sessionRoom(token) };
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

    app.decorate<Live>('live', {
      emitToUser(userId, event, payload) {
        // Before the app is ready there is no server yet and, by definition, nobody connected.
        if (!io) return;
        (io.to(userRoom(userId)).emit as (ev: string, ...args: unknown[]) => boolean)(event, payload);
      },
      endSession(token) {
        io?.in(sessionRoom(token)).disconnectSockets(true);
      },
      endUser(userId) {
        io?.in(userRoom(userId)).disconnectSockets(true);
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
        authorizeHandshake(app.userForToken, socket).then(
          (data) => {
            if (!data) return next(new Error('unauthorized'));
            socket.data = data;
            next();
          },
          (err: unknown) => {
            app.log.error({ err }, 'live handshake failed');
            next(new Error('unavailable'));
          },
        );
      });
      server.on('connection', (socket) => {
        void socket.join([userRoom(socket.data.userId), socket.data.sessionRoom]);
        socket.on('ping', (ack) => {
          if (typeof ack === 'function') ack('pong');
        });
      });
    });

    // Open sockets would otherwise keep the HTTP server from closing.
    app.addHook('preClose', async () => {
      io?.local.disconnectSockets(true);
    });

    app.addHook('onClose', async () => {
      await io?.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    });
  },
  { name: 'live', dependencies: ['auth'] },
);
