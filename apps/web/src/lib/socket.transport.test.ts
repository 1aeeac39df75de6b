// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// The real server library (installed for apps/server); only this test uses it, to stand in for the API.
import { Server, type ServerOptions } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { SOCKET_PATH } from '@store/shared';
import { createLiveConnection } from './socket.ts';
import type { LiveConnection } from './live-socket.ts';
import { socketIoFactory } from './socket-io.ts';

// SPEC §4 "Live connection": websocket preferred, polling fallback. These tests connect the app's own
// client (a live connection, its options and the socket.io-client factory) to a real socket.io server.

interface Handshake {
  token: unknown;
  _id: unknown;
  role: unknown;
  transport: string;
}

interface LiveServer {
  origin: string;
  handshakes: Handshake[];
  disconnects: unknown[];
  close(): Promise<void>;
}

const CONNECT_WAIT_MS = 30_000;
const open: LiveServer[] = [];
// The connection of the test's one store, made against the test's server by liveServer().
let live: LiveConnection | null = null;

afterEach(async () => {
  live?.disconnect();
  live = null;
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/**
 * A socket.io server on a random loopback port that, like the API, checks the token in the handshake.
 * `blockUpgrades` stands in for a proxy that drops WebSocket upgrade requests.
 */
async function startServer(options: Partial<ServerOptions> = {}, { blockUpgrades = false } = {}): Promise<LiveServer> {
  const http: HttpServer = createServer();
  const io = new Server(http, { path: SOCKET_PATH, ...options });
  if (blockUpgrades) {
    http.removeAllListeners('upgrade');
    http.on('upgrade', (_request, socket) => socket.destroy());
  }
  const handshakes: Handshake[] = [];
  const disconnects: unknown[] = [];
  io.use((socket, next) => {
    const { auth, query } = socket.handshake;
    handshakes.push({ token: auth.token, _id: query._id, role: query.role, transport: socket.conn.transport.name });
    next(auth.token ? undefined : new Error('unauthorized'));
  });
  io.on('connection', (socket) => socket.on('disconnect', () => disconnects.push(socket.handshake.query._id)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const server: LiveServer = {
    origin: `http://127.0.0.1:${port}`,
    handshakes,
    disconnects,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
  open.push(server);
  live = createLiveConnection({ ioFactory: socketIoFactory(server.origin) });
  return server;
}

/** Resolves once the client is connected; fails with what went wrong when it does not in time. */
function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    const errors: string[] = [];
    socket.on('connect_error', (error) => errors.push(error.message));
    const timer = setTimeout(
      () => reject(new Error(`not connected within ${CONNECT_WAIT_MS} ms; connect errors: ${errors.join(', ') || 'none'}`)),
      CONNECT_WAIT_MS,
    );
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function connectShopper(_id = 'u_live', token = 'tok_live') {
  const socket = live!.connect({ _id, role: 'USER', token }) as unknown as ClientSocket | null;
  expect(socket).not.toBeNull();
  return socket!;
}

const transportOf = (socket: ClientSocket) => socket.io.engine.transport.name;

describe('live connection transports against a real socket.io server (SPEC §4)', () => {
  it('uses websocket when the server accepts it, with the token, _id and role in the handshake', async () => {
    const server = await startServer();
    const socket = connectShopper();
    await connected(socket);
    expect(transportOf(socket)).toBe('websocket');
    expect(server.handshakes).toEqual([{ token: 'tok_live', _id: 'u_live', role: 'USER', transport: 'websocket' }]);
  });

  it('falls back to polling when the server offers only polling', async () => {
    const server = await startServer({ transports: ['polling'] });
    const socket = connectShopper();
    await connected(socket);
    expect(transportOf(socket)).toBe('polling');
    expect(server.handshakes).toEqual([{ token: 'tok_live', _id: 'u_live', role: 'USER', transport: 'polling' }]);
  });

  it('falls back to polling when WebSocket upgrade requests are dropped on the way', async () => {
    const server = await startServer({}, { blockUpgrades: true });
    const socket = connectShopper();
    await connected(socket);
    expect(transportOf(socket)).toBe('polling');
    expect(server.handshakes.map((h) => h.transport)).toEqual(['polling']);
  });

  it('closes the earlier connection on the server before the next shopper connects', async () => {
    const server = await startServer();
    await connected(connectShopper('u_first', 'tok_first'));
    const second = connectShopper('u_second', 'tok_second');
    await connected(second);
    await expect.poll(() => server.disconnects, { timeout: CONNECT_WAIT_MS }).toEqual(['u_first']);
    expect(second.connected).toBe(true);
  });
});
