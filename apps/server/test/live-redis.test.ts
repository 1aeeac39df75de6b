// Two instances of the store behind one load balancer share the database and Redis: an event raised on
// instance A must reach a socket connected to instance B (socket.io Redis adapter).
// This file needs REDIS_URL; vitest.config.ts leaves it out of runs where REDIS_URL is unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';
import { openTestDatabase } from './support/test-app.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { sessions, users } from '../src/db/schema.ts';
import { hashToken, newId, newSecretToken } from '../src/lib/ids.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error('live-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to run two instances against one Redis.');
}

let database: Database;
let dropDatabase: () => Promise<void>;
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
let socket: Socket<ServerToClientEvents, ClientToServerEvents> | undefined;

async function buildInstance(): Promise<FastifyInstance> {
  const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent' }, { WEB_DIST: '/nonexistent', REDIS_URL });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  await migrate(database);
  await seed(database.db, { demo: false });
  instanceA = await buildInstance();
  instanceB = await buildInstance();
});

afterAll(async () => {
  socket?.disconnect();
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
