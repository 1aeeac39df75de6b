// Live events are stored and replayed (issue 10, SPEC §4 Live connection): a connection names the last
// event id it saw and gets every later event of its user, in order, exactly once, before live ones;
// across a dropped connection, a second tab and a server restart on the same database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';
import { openTestDatabase, testConfig } from './support/test-app.ts';
import { buildApp } from '../src/app.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { liveEvents, sessions, users } from '../src/db/schema.ts';
import { pruneLiveEvents, LIVE_EVENTS_KEPT_MS } from '../src/plugins/live-events.ts';
import { hashToken, newId, newSecretToken } from '../src/lib/ids.ts';
import type { Database } from '../src/db/client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Heard {
  event: string;
  payload: unknown;
  id: number;
}

let database: Database;
let dropDatabase: () => Promise<void>;
let app: FastifyInstance;
let baseUrl: string;
const opened: ClientSocket[] = [];

async function startApp(): Promise<void> {
  app = await buildApp({ config: testConfig(), database, logger: false });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
}

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openTestDatabase());
  await migrateAll(database);
  await seed(database.db, { demo: false });
  await startApp();
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

async function createShopper() {
  const userId = newId();
  const token = newSecretToken();
  await database.db
    .insert(users)
    .values({ id: userId, email: `replay-${userId}@example.com`, passwordHash: 'unused', firstname: 'Re', lastname: 'Play', role: 'USER' });
  await database.db
    .insert(sessions)
    .values({ id: newId(), userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { userId, token };
}

/** A connection that records every stored event it hears (with its id) and the liveSynced it ends replay with. */
function connect(shopper: { userId: string; token: string }, lastEventId?: unknown) {
  const heard: Heard[] = [];
  const socket: ClientSocket = connectClient(baseUrl, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: lastEventId === undefined ? { token: shopper.token } : { token: shopper.token, lastEventId },
    query: { _id: shopper.userId, role: 'USER' },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  socket.onAny((event: string, payload: unknown, id: unknown) => {
    if (event !== 'liveSynced') heard.push({ event, payload, id: id as number });
  });
  const synced = new Promise<number>((resolve, reject) => {
    socket.once('liveSynced', ({ lastEventId: at }) => resolve(at));
    socket.once('connect_error', (err) => reject(err));
  });
  return { socket, heard, synced };
}

/** Resolves once `check` holds, polling; fails after 15 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const note = (content: string) => ({ type: 'info' as const, content });
const contents = (heard: Heard[]) => heard.map((h) => (h.payload as { content: string }).content);
const increasing = (heard: Heard[]) => heard.every((h, i) => Number.isInteger(h.id) && (i === 0 || h.id > heard[i - 1]!.id));

describe('events missed while disconnected', () => {
  it('arrive on reconnect, in order, exactly once, before live ones', async () => {
    const me = await createShopper();
    const first = connect(me);
    expect(await first.synced).toBe(0);
    app.live.emitToUser(me.userId, 'notification', note('one'));
    await until(() => first.heard.length === 1, 'the live event');
    const seen = first.heard[0]!.id;
    first.socket.disconnect();

    for (const c of ['two', 'three', 'four']) app.live.emitToUser(me.userId, 'notification', note(c));
    await app.live.flush();

    const again = connect(me, seen);
    const at = await again.synced;
    expect(contents(again.heard)).toEqual(['two', 'three', 'four']);
    expect(increasing(again.heard)).toBe(true);
    expect(at).toBe(again.heard[2]!.id);

    app.live.emitToUser(me.userId, 'walletUpdated', { coins: { purchasedWallet: 5, winWallet: 0, stackingWallet: 0 } });
    await until(() => again.heard.length === 4, 'the live event after the replay');
    expect(again.heard.map((h) => h.event)).toEqual(['notification', 'notification', 'notification', 'walletUpdated']);
    expect(increasing(again.heard)).toBe(true);
  });

  it('a connection that names no id replays nothing and learns where it starts', async () => {
    const me = await createShopper();
    app.live.emitToUser(me.userId, 'notification', note('old'));
    await app.live.flush();
    const fresh = connect(me);
    const at = await fresh.synced;
    expect(at).toBeGreaterThan(0);
    app.live.emitToUser(me.userId, 'notification', note('new'));
    await until(() => fresh.heard.length === 1, 'the live event');
    expect(contents(fresh.heard)).toEqual(['new']);
    expect(fresh.heard[0]!.id).toBeGreaterThan(at);
  });

  it('loses and repeats nothing when events are stored while the replay runs', async () => {
    const me = await createShopper();
    for (let i = 0; i < 10; i++) app.live.emitToUser(me.userId, 'notification', note(`before ${i}`));
    await app.live.flush();
    // Connect and keep emitting at the same time: some land before the replay query, some during, some after.
    const tab = connect(me, 0);
    for (let i = 0; i < 30; i++) app.live.emitToUser(me.userId, 'notification', note(`during ${i}`));
    await app.live.flush();
    await until(() => tab.heard.length >= 40, 'all 40 events');
    expect(contents(tab.heard)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `before ${i}`),
      ...Array.from({ length: 30 }, (_, i) => `during ${i}`),
    ]);
    expect(increasing(tab.heard)).toBe(true);
  });
});

describe('a second tab and other shoppers', () => {
  it('a second connection with lastEventId=0 gets every event of the user; another user gets none of them', async () => {
    const me = await createShopper();
    const other = await createShopper();
    const tab1 = connect(me, 0);
    const otherTab = connect(other, 0);
    await Promise.all([tab1.synced, otherTab.synced]);
    for (const c of ['a', 'b', 'c']) {
      app.live.emitToUser(other.userId, 'notification', note(`other ${c}`));
      app.live.emitToUser(me.userId, 'notification', note(c));
    }
    await app.live.flush();
    await until(() => tab1.heard.length === 3 && otherTab.heard.length === 3, 'both users’ events');

    const tab2 = connect(me, 0);
    await tab2.synced;
    expect(contents(tab2.heard)).toEqual(['a', 'b', 'c']);
    expect(tab2.heard.map((h) => h.id)).toEqual(tab1.heard.map((h) => h.id));
    expect(contents(tab1.heard)).toEqual(['a', 'b', 'c']);
    expect(contents(otherTab.heard)).toEqual(['other a', 'other b', 'other c']);
  });
});

describe('a server restart on the same database', () => {
  it('loses nothing: events stored before the restart are replayed by the new instance', async () => {
    const me = await createShopper();
    const before = connect(me, 0);
    await before.synced;
    app.live.emitToUser(me.userId, 'notification', note('seen'));
    await until(() => before.heard.length === 1, 'the live event');
    const seen = before.heard[0]!.id;
    before.socket.disconnect();

    // Emitted and not awaited: closing the app stores it before the database goes.
    app.live.emitToUser(me.userId, 'notification', note('missed'));
    await app.close();
    await startApp();

    const after = connect(me, seen);
    await after.synced;
    expect(contents(after.heard)).toEqual(['missed']);
    expect(after.heard[0]!.id).toBeGreaterThan(seen);
  });
});

describe('the last id a connection names', () => {
  it.each([['-1'], ['abc'], [1.5], [-3], ['1e3'], [{ id: 1 }]])('refuses %j with invalid lastEventId', async (bad) => {
    const me = await createShopper();
    await expect(connect(me, bad).synced).rejects.toThrow('invalid lastEventId');
  });

  it('takes digits as well as a number', async () => {
    const me = await createShopper();
    app.live.emitToUser(me.userId, 'notification', note('x'));
    await app.live.flush();
    const tab = connect(me, '0');
    await tab.synced;
    expect(contents(tab.heard)).toEqual(['x']);
  });
});

describe('keeping old events bounded', () => {
  it('deletes events older than a week and keeps newer ones', async () => {
    const me = await createShopper();
    const old = new Date(Date.now() - LIVE_EVENTS_KEPT_MS - 60_000);
    await database.db.insert(liveEvents).values({ userId: me.userId, type: 'notification', payload: note('old'), createdAt: old });
    app.live.emitToUser(me.userId, 'notification', note('new'));
    await app.live.flush();
    await pruneLiveEvents(database.db);
    const left = await database.db.select({ payload: liveEvents.payload }).from(liveEvents).where(eq(liveEvents.userId, me.userId));
    expect(left).toEqual([{ payload: note('new') }]);
  });
});
