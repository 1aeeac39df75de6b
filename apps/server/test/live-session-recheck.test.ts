// Issue 21, defence in depth: a session that ends without the app being told (it expired, or it was
// revoked straight in the database, or the instance that ended it crashed before telling the others)
// still closes its live sockets within the re-check period (LIVE_SESSION_RECHECK_MS, short here), and
// an agent whose session ended so stops counting as online. A live session is left alone.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatStateResponse } from '@store/shared';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createShopper } from './support/checkout.ts';
import { createAdmin } from './support/cashout.ts';
import {
  callStore,
  chatMessagesHeard,
  connectedOrRefused,
  openChatSocket,
  openShopperSocket,
  type ChatSocket,
  type ShopperSocket,
} from './support/live-client.ts';
import { sessions } from '../src/db/schema.ts';

const GUEST_ADDRESS = '192.0.2.40';
const SHOPPER_ADDRESS = '203.0.113.40';

let t: TestApp;
let baseUrl: string;
const opened: (ChatSocket | ShopperSocket)[] = [];

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'], LIVE_SESSION_RECHECK_MS: 200 }, { seedDemo: false });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function track<S extends ChatSocket | ShopperSocket>(socket: S): S {
  opened.push(socket);
  return socket;
}

async function closedForGood(socket: ChatSocket | ShopperSocket) {
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 20_000 });
  expect(socket.active).toBe(false);
}

describe('the periodic re-check of live sockets', () => {
  it('closes the sockets of sessions that expired or were revoked in the database, and leaves live ones open', async () => {
    const agent = await createAdmin(t.database.db);
    const expiring = await createShopper(t.database.db);
    const staying = await createShopper(t.database.db);
    const inbox = track(openChatSocket(baseUrl, { token: agent.token, inbox: true }));
    const expiringLive = track(openShopperSocket(baseUrl, expiring));
    const expiringChat = track(openChatSocket(baseUrl, { token: expiring.token }));
    const stayingChat = track(openChatSocket(baseUrl, { token: staying.token }));
    const stayingLive = track(openShopperSocket(baseUrl, staying));
    expect(await Promise.all([inbox, expiringLive, expiringChat, stayingChat, stayingLive].map(connectedOrRefused))).toEqual(
      Array(5).fill('connected'),
    );
    const guestState = async () =>
      chatStateResponse.parse((await callStore(baseUrl, 'GET', '/api/v1/chat', { address: GUEST_ADDRESS })).body).data;
    expect((await guestState()).agentsOnline).toBe(true);

    // Nothing in the app is told: the rows change under it, as another instance or an operator would.
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, agent.id));
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expiring.id));

    for (const socket of [inbox, expiringLive, expiringChat]) await closedForGood(socket);
    expect((await guestState()).agentsOnline).toBe(false);

    // Several re-checks have run by now; the live session's sockets are still open and still hear.
    expect(stayingChat.connected && stayingLive.connected).toBe(true);
    const heard = chatMessagesHeard(stayingChat);
    const sent = await callStore(baseUrl, 'POST', '/api/v1/chat/messages', {
      address: SHOPPER_ADDRESS,
      token: staying.token,
      body: { text: 'Still here' },
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(heard.map((m) => m.text)).toContain('Still here'), { timeout: 20_000 });
  });
});
