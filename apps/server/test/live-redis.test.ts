// Two instances of the store behind one load balancer share the database and Redis: an event raised on
// instance A must reach a socket connected to instance B (socket.io Redis adapter).
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { chatStateResponse, type ClientToServerEvents, type ServerToClientEvents } from '@store/shared';
import { openTestDatabase } from './support/test-app.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { liveEvents, sessions, users } from '../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { hashToken, newId, newSecretToken } from '../src/lib/ids.ts';
import { createShopper } from './support/checkout.ts';
import { createAdmin } from './support/cashout.ts';
import { callStore, connectedOrRefused, openChatSocket, openShopperSocket, type ChatSocket } from './support/live-client.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error('live-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to run two instances against one Redis.');
}

let database: Database;
let dropDatabase: () => Promise<void>;
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;
const opened: { disconnect(): unknown }[] = [];

async function buildInstance(): Promise<FastifyInstance> {
  // The periodic re-check is an hour away: what closes a socket on B is the end announced by A.
  const config = loadConfig(
    { ...process.env, PORT: '0', LOG_LEVEL: 'silent' },
    { WEB_DIST: '/nonexistent', REDIS_URL, TRUST_PROXY: ['127.0.0.1'], LIVE_SESSION_RECHECK_MS: 3_600_000 },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  await migrateAll(database);
  await seed(database.db, { demo: false });
  instanceA = await buildInstance();
  instanceB = await buildInstance();
});

afterAll(async () => {
  socket?.disconnect();
  for (const s of opened) s.disconnect();
  await instanceA?.close();
  await instanceB?.close();
  await dropDatabase?.();
});

describe('live events across instances', () => {
  it('delivers an event emitted on instance A to a socket connected to instance B', async () => {
    const userId = newId();
    const token = newSecretToken();
    await database.db.insert(users).values({
      id: userId,
      email: `redis-${userId}@example.com`,
      passwordHash: 'unused-in-this-test',
      firstname: 'Relay',
      lastname: 'Tester',
    });
    await database.db
      .insert(sessions)
      .values({ id: newId(), userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });

    const urlB = await instanceB.listen({ port: 0, host: '127.0.0.1' });
    socket = connectClient(urlB, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { token },
      query: { _id: userId, role: 'USER' },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', resolve);
      socket!.once('connect_error', reject);
    });

    const received = new Promise((resolve) => socket!.once('cartUpdated', resolve));
    instanceA.live.emitToUser(userId, 'cartUpdated', { itemCount: 3 });
    expect(await received).toEqual({ itemCount: 3 });
  });
});

describe('an instance that closes', () => {
  it('stores an event emitted as it closes and does not publish it on its closed Redis client', async () => {
    // Without the guard the publish rejects inside the Redis adapter, unhandled, and vitest fails the run.
    const closing = await buildInstance();
    const shopper = await createShopper(database.db);
    await closing.close();
    closing.live.emitToUser(shopper.id, 'cartUpdated', { itemCount: 1 });
    await closing.live.flush();
    const stored = await database.db.select().from(liveEvents).where(eq(liveEvents.userId, shopper.id));
    expect(stored.map((event) => [event.type, event.payload])).toEqual([['cartUpdated', { itemCount: 1 }]]);
  });
});

describe('a session ended on one instance', () => {
  it('closes its sockets on the other instance, in every namespace, and the agent stops counting online there', async () => {
    const agent = await createAdmin(database.db);
    const shopper = await createShopper(database.db);
    const urlA = await instanceA.listen({ port: 0, host: '127.0.0.1' });
    const urlB = instanceB.server.listening
      ? `http://127.0.0.1:${(instanceB.server.address() as { port: number }).port}`
      : await instanceB.listen({ port: 0, host: '127.0.0.1' });
    const onB = [
      openChatSocket(urlB, { token: agent.token, inbox: true }),
      openChatSocket(urlB, { token: shopper.token }),
      openShopperSocket(urlB, shopper),
    ] as const;
    opened.push(...onB);
    expect(await Promise.all(onB.map(connectedOrRefused))).toEqual(['connected', 'connected', 'connected']);
    const guestOnA = async () =>
      chatStateResponse.parse((await callStore(urlA, 'GET', '/api/v1/chat', { address: '192.0.2.50' })).body).data;
    expect((await guestOnA()).agentsOnline).toBe(true);

    // The agent signs out through instance A; an admin on A revokes the shopper's sessions.
    expect((await callStore(urlA, 'POST', '/api/v1/auth/logout', { address: '198.51.100.50', token: agent.token })).status).toBe(200);
    const admin = await createAdmin(database.db);
    const revoke = await callStore(urlA, 'POST', `/api/v1/admin/users/${shopper.id}/revoke-sessions`, {
      address: '198.51.100.51',
      token: admin.token,
    });
    expect(revoke.status).toBe(200);

    for (const s of onB as readonly (ChatSocket | (typeof onB)[2])[]) {
      await vi.waitFor(() => expect(s.connected).toBe(false), { timeout: 20_000 });
      expect(s.active).toBe(false);
    }
    expect((await guestOnA()).agentsOnline).toBe(false);
  });
});
