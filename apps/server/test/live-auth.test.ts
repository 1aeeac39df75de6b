// The live connection (SPEC §4, §7): only a signed-in USER whose handshake agrees with the session may
// connect, and events sent with app.live.emitToUser reach that user's sockets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { LIVE_MESSAGE_LIMIT_BYTES } from '../src/plugins/live.ts';
import { sessions, users } from '../src/db/schema.ts';
import { hashToken, newId, newSecretToken } from '../src/lib/ids.ts';
import type { Db } from '../src/db/client.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The payload of the next `event` the socket hears. */
function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
}

/** A user with a session, written straight to the database: the live plugin only reads them. */
async function createSession(db: Db, opts: { role?: 'USER' | 'ADMIN'; expiresInMs?: number; revoked?: boolean } = {}) {
  const userId = newId();
  const token = newSecretToken();
  await db.insert(users).values({
    id: userId,
    email: `live-${userId}@example.com`,
    passwordHash: 'unused-in-these-tests',
    firstname: 'Live',
    lastname: 'Tester',
    role: opts.role ?? 'USER',
  });
  await db.insert(sessions).values({
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 3_600_000)),
    revokedAt: opts.revoked ? new Date() : null,
  });
  return { userId, token, role: opts.role ?? 'USER' };
}

let t: TestApp;
let baseUrl: string;
const opened: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address;
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function connect(opts: { token?: string; query?: Record<string, string>; transports?: ('websocket' | 'polling')[] }): ClientSocket {
  const socket: ClientSocket = connectClient(baseUrl, {
    path: '/socket.io/',
    transports: opts.transports ?? ['websocket'],
    auth: opts.token === undefined ? {} : { token: opts.token },
    query: opts.query,
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return socket;
}

/** 'connected', or the error message the server refused the handshake with. */
function outcome(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

describe('live connection handshake', () => {
  it('refuses a connection without a token', async () => {
    const { userId } = await createSession(t.database.db);
    expect(await outcome(connect({ query: { _id: userId, role: 'USER' } }))).toBe('unauthorized');
  });

  it('refuses a token that names no session', async () => {
    const { userId } = await createSession(t.database.db);
    expect(await outcome(connect({ token: newSecretToken(), query: { _id: userId, role: 'USER' } }))).toBe('unauthorized');
  });

  it('refuses a valid token whose query _id names another user', async () => {
    const me = await createSession(t.database.db);
    const other = await createSession(t.database.db);
    expect(await outcome(connect({ token: me.token, query: { _id: other.userId, role: 'USER' } }))).toBe('unauthorized');
  });

  it('refuses a query without _id and role, or with a role the session does not have', async () => {
    const me = await createSession(t.database.db);
    expect(await outcome(connect({ token: me.token }))).toBe('unauthorized');
    expect(await outcome(connect({ token: me.token, query: { _id: me.userId, role: 'ADMIN' } }))).toBe('unauthorized');
  });

  it('refuses an admin session: the live connection is for role USER', async () => {
    const admin = await createSession(t.database.db, { role: 'ADMIN' });
    expect(await outcome(connect({ token: admin.token, query: { _id: admin.userId, role: 'ADMIN' } }))).toBe('unauthorized');
  });

  it('refuses an expired or revoked session', async () => {
    const expired = await createSession(t.database.db, { expiresInMs: -1000 });
    const revoked = await createSession(t.database.db, { revoked: true });
    expect(await outcome(connect({ token: expired.token, query: { _id: expired.userId, role: 'USER' } }))).toBe('unauthorized');
    expect(await outcome(connect({ token: revoked.token, query: { _id: revoked.userId, role: 'USER' } }))).toBe('unauthorized');
  });
});

describe('events to a user', () => {
  it('delivers an event sent with emitToUser to that user, not to others', async () => {
    const me = await createSession(t.database.db);
    const other = await createSession(t.database.db);
    const socket = connect({ token: me.token, query: { _id: me.userId, role: 'USER' } });
    expect(await outcome(socket)).toBe('connected');

    const received = nextEvent(socket, 'notification');
    // Sent first to someone else: had it leaked to this socket, it would be the first one heard.
    t.app.live.emitToUser(other.userId, 'notification', { type: 'info', content: 'not for you' });
    t.app.live.emitToUser(me.userId, 'notification', { type: 'success', content: 'Coins added to your wallet' });
    expect(await received).toEqual({ type: 'success', content: 'Coins added to your wallet' });
  });

  it('reaches every open connection of the user, over polling as well as websocket', async () => {
    const me = await createSession(t.database.db);
    const sockets = [
      connect({ token: me.token, query: { _id: me.userId, role: 'USER' } }),
      connect({ token: me.token, query: { _id: me.userId, role: 'USER' }, transports: ['polling'] }),
    ];
    expect(await Promise.all(sockets.map(outcome))).toEqual(['connected', 'connected']);
    expect(sockets[1]!.io.engine.transport.name).toBe('polling');

    const received = sockets.map((s) => nextEvent(s, 'walletUpdated'));
    const coins = { purchasedWallet: 1500, winWallet: 0, stackingWallet: 20 };
    t.app.live.emitToUser(me.userId, 'walletUpdated', { coins });
    expect(await Promise.all(received)).toEqual([{ coins }, { coins }]);
  });
});

describe('ending a session ends its live connections', () => {
  it("closes the sockets of the session that logged out and keeps the same user's other sessions", async () => {
    const { userId, token } = await createSession(t.database.db);
    const otherToken = newSecretToken();
    await t.database.db
      .insert(sessions)
      .values({ id: newId(), userId, tokenHash: hashToken(otherToken), expiresAt: new Date(Date.now() + 3_600_000) });
    const leaving = connect({ token, query: { _id: userId, role: 'USER' } });
    const staying = connect({ token: otherToken, query: { _id: userId, role: 'USER' } });
    expect(await Promise.all([outcome(leaving), outcome(staying)])).toEqual(['connected', 'connected']);

    const closed = new Promise<string>((resolve) => leaving.once('disconnect', (reason) => resolve(reason)));
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { 'x-auth-token': token } });
    expect(logout.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');

    t.app.live.emitToUser(userId, 'notification', { type: 'info', content: 'still here' });
    expect(await nextEvent(staying, 'notification')).toEqual({ type: 'info', content: 'still here' });
    expect(staying.connected).toBe(true);
  });
});

describe('what a live connection reads before it is authorised', () => {
  it('refuses a message over the live limit without parsing it (socket.io would take 1 MB)', async () => {
    // An engine.io polling session, opened without any token: the handshake is not authorised yet.
    const open = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    const sid = /"sid":"([^"]+)"/.exec(await open.text())?.[1];
    expect(sid).toBeTruthy();
    const big = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: `40${JSON.stringify({ token: 'x'.repeat(LIVE_MESSAGE_LIMIT_BYTES) })}`,
    });
    expect(big.status).toBe(413);
  });
});
