// Issue 21: when a session ends (sign-out, an admin's "revoke sessions", a password reset) every live socket
// opened with it closes, in every namespace (the live connection and the chat's), and does not come back
// with the dead token; an agent whose session ended no longer counts as online, so a visitor who writes
// then is told so and answered by e-mail. Reproduced as an outsider: a listening store, real HTTP,
// socket.io-client with the web app's own reconnection settings, each person at their own address.
// The periodic re-check is set to an hour here, so what closes these sockets is the session's end itself
// (live-session-recheck.test.ts covers the re-check).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatSendResponse, chatStateResponse } from '@store/shared';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createVerifiedUser, mailTo, tokenFromLink, uniqueEmail } from './support/auth.ts';
import {
  callStore,
  chatMessagesHeard,
  connectedOrRefused,
  openChatSocket,
  openShopperSocket,
  type ChatSocket,
  type ShopperSocket,
} from './support/live-client.ts';
import { sessions, users } from '../src/db/schema.ts';

const ADMIN_ADDRESS = '198.51.100.10';
const COLLEAGUE_ADDRESS = '198.51.100.11';
const SHOPPER_LAPTOP = '203.0.113.20';
const SHOPPER_PHONE = '203.0.113.21';
const GUEST_ADDRESS = '192.0.2.30';

let t: TestApp;
let baseUrl: string;
const opened: (ChatSocket | ShopperSocket)[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    { TRUST_PROXY: ['127.0.0.1'], AUTH_RATE_LIMIT_MAX: 1000, LIVE_SESSION_RECHECK_MS: 3_600_000 },
    { seedDemo: false },
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function chatSocket(auth: Parameters<typeof openChatSocket>[1]): ChatSocket {
  const socket = openChatSocket(baseUrl, auth);
  opened.push(socket);
  return socket;
}

function liveSocket(account: { id: string; token: string }): ShopperSocket {
  const socket = openShopperSocket(baseUrl, account);
  opened.push(socket);
  return socket;
}

/** A confirmed account signed in over HTTP from `address`; role ADMIN on request. */
async function signIn(address: string, opts: { admin?: boolean; account?: { email: string; password: string } } = {}) {
  const account = opts.account ?? (await createVerifiedUser(t.app, uniqueEmail(opts.admin ? 'agent' : 'shopper')));
  if (opts.admin) await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, account.email));
  const res = await callStore(baseUrl, 'POST', '/api/v1/auth/login', {
    address,
    body: { email: account.email, password: account.password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const data = res.body.data as { token: string; user: { _id: string } };
  return { ...account, id: data.user._id, token: data.token };
}

/** Closed by the server, and not trying again: socket.io-client reconnects only after a transport loss. */
async function closedForGood(socket: ChatSocket | ShopperSocket) {
  await vi.waitFor(() => expect(socket.connected).toBe(false), { timeout: 20_000 });
  expect(socket.active).toBe(false);
}

const guestState = async () =>
  chatStateResponse.parse((await callStore(baseUrl, 'GET', '/api/v1/chat', { address: GUEST_ADDRESS })).body).data;

describe('signing out', () => {
  it("closes the admin's inbox socket: no visitor's message reaches it, and the agent stops counting online", async () => {
    const admin = await signIn(ADMIN_ADDRESS, { admin: true });
    const inbox = chatSocket({ token: admin.token, inbox: true });
    expect(await connectedOrRefused(inbox)).toBe('connected');
    const heardByInbox = chatMessagesHeard(inbox);
    expect((await guestState()).agentsOnline).toBe(true);

    // A guest writes while the agent is online, and follows the conversation live.
    const first = await callStore(baseUrl, 'POST', '/api/v1/chat/messages', { address: GUEST_ADDRESS, body: { text: 'Hello there' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { conversation, conversationKey } = chatSendResponse.parse(first.body).data;
    const guestSocket = chatSocket({ chatKey: conversationKey! });
    expect(await connectedOrRefused(guestSocket)).toBe('connected');
    const heardByGuest = chatMessagesHeard(guestSocket);
    const agentsOnlineHeard: boolean[] = [];
    guestSocket.on('chatAgentsOnline', ({ online }) => void agentsOnlineHeard.push(online));
    await vi.waitFor(() => expect(heardByInbox.map((m) => m.text)).toEqual(['Hello there']), { timeout: 20_000 });

    const out = await callStore(baseUrl, 'POST', '/api/v1/auth/logout', { address: ADMIN_ADDRESS, token: admin.token });
    expect(out.status).toBe(200);
    expect((await callStore(baseUrl, 'GET', '/api/v1/getuser', { address: ADMIN_ADDRESS, token: admin.token })).status).toBe(401);
    await closedForGood(inbox);

    // The guest's widget hears at once that no agent is online; asked again, the store says the same.
    await vi.waitFor(() => expect(agentsOnlineHeard).toEqual([false]), { timeout: 20_000 });
    expect((await guestState()).agentsOnline).toBe(false);

    // Written now, the message is marked for an answer by e-mail and never reaches the signed-out inbox:
    // the guest's own socket hears it after the agents' room was sent it.
    const guestEmail = uniqueEmail('chat-guest');
    const second = await callStore(baseUrl, 'POST', '/api/v1/chat/messages', {
      address: GUEST_ADDRESS,
      chatKey: conversationKey!,
      body: { text: 'Is anyone there?', email: guestEmail },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await vi.waitFor(() => expect(heardByGuest.map((m) => m.text)).toContain('Is anyone there?'), { timeout: 20_000 });
    expect(heardByInbox.map((m) => m.text)).toEqual(['Hello there']);

    const colleague = await signIn(COLLEAGUE_ADDRESS, { admin: true });
    const answer = await callStore(baseUrl, 'POST', `/api/v1/admin/chats/${conversation.id}/answer`, {
      address: COLLEAGUE_ADDRESS,
      token: colleague.token,
      body: { text: 'Sorry for the wait, here is your answer' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await vi.waitFor(async () => expect((await mailTo(t.app, guestEmail)).map((m) => m.text).join()).toContain('here is your answer'), {
      timeout: 20_000,
    });
  });

  it("closes the shopper's live and chat sockets of that device only; the other device keeps hearing", async () => {
    const laptop = await signIn(SHOPPER_LAPTOP);
    const phone = await signIn(SHOPPER_PHONE, { account: laptop });
    const laptopLive = liveSocket(laptop);
    const laptopChat = chatSocket({ token: laptop.token });
    const phoneLive = liveSocket(phone);
    const phoneChat = chatSocket({ token: phone.token });
    expect(await Promise.all([laptopLive, laptopChat, phoneLive, phoneChat].map(connectedOrRefused))).toEqual([
      'connected',
      'connected',
      'connected',
      'connected',
    ]);
    const heardOnLaptop = chatMessagesHeard(laptopChat);
    const heardOnPhone = chatMessagesHeard(phoneChat);

    const out = await callStore(baseUrl, 'POST', '/api/v1/auth/logout', { address: SHOPPER_LAPTOP, token: laptop.token });
    expect(out.status).toBe(200);
    await closedForGood(laptopLive);
    await closedForGood(laptopChat);

    // The phone's session is alive: its own message comes back to it, never to the laptop.
    const sent = await callStore(baseUrl, 'POST', '/api/v1/chat/messages', {
      address: SHOPPER_PHONE,
      token: phone.token,
      body: { text: 'Written on the phone' },
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(() => expect(heardOnPhone.map((m) => m.text)).toContain('Written on the phone'), { timeout: 20_000 });
    expect(heardOnLaptop).toEqual([]);
    const notice = new Promise((resolve) => phoneLive.once('notification', resolve));
    t.app.live.emitToUser(phone.id, 'notification', { type: 'info', content: 'Still signed in on the phone' });
    expect(await notice).toEqual({ type: 'info', content: 'Still signed in on the phone' });
    expect(phoneLive.connected && phoneChat.connected).toBe(true);
  });
});

describe("an admin's revoke-sessions", () => {
  it("closes every socket of the shopper on every device; the agent's answer reaches none of them", async () => {
    const admin = await signIn(ADMIN_ADDRESS, { admin: true });
    const laptop = await signIn(SHOPPER_LAPTOP);
    const phone = await signIn(SHOPPER_PHONE, { account: laptop });
    const sockets = [liveSocket(laptop), chatSocket({ token: laptop.token }), chatSocket({ token: phone.token })] as const;
    expect(await Promise.all(sockets.map(connectedOrRefused))).toEqual(['connected', 'connected', 'connected']);
    const heard = [chatMessagesHeard(sockets[1]), chatMessagesHeard(sockets[2])];

    const sent = await callStore(baseUrl, 'POST', '/api/v1/chat/messages', {
      address: SHOPPER_LAPTOP,
      token: laptop.token,
      body: { text: 'Please call me back' },
    });
    const { conversation } = chatSendResponse.parse(sent.body).data;
    await vi.waitFor(() => expect(heard[1]!.map((m) => m.text)).toContain('Please call me back'), { timeout: 20_000 });

    const revoke = await callStore(baseUrl, 'POST', `/api/v1/admin/users/${laptop.id}/revoke-sessions`, {
      address: ADMIN_ADDRESS,
      token: admin.token,
    });
    expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
    for (const socket of sockets) await closedForGood(socket);

    const answer = await callStore(baseUrl, 'POST', `/api/v1/admin/chats/${conversation.id}/answer`, {
      address: ADMIN_ADDRESS,
      token: admin.token,
      body: { text: 'Calling you now' },
    });
    expect(answer.status).toBe(200);
    // The conversation was written while no agent was online: the answer is mailed, after it was sent live.
    await vi.waitFor(async () => expect((await mailTo(t.app, laptop.email)).map((m) => m.text).join()).toContain('Calling you now'), {
      timeout: 20_000,
    });
    expect(heard.flat().map((m) => m.text)).toEqual(['Please call me back', 'Please call me back']);
  });

  it("closes an admin's own inbox when another admin revokes their sessions: the agent stops counting online", async () => {
    const lead = await signIn(COLLEAGUE_ADDRESS, { admin: true });
    const agent = await signIn(ADMIN_ADDRESS, { admin: true });
    const inbox = chatSocket({ token: agent.token, inbox: true });
    expect(await connectedOrRefused(inbox)).toBe('connected');
    expect((await guestState()).agentsOnline).toBe(true);

    const revoke = await callStore(baseUrl, 'POST', `/api/v1/admin/users/${agent.id}/revoke-sessions`, {
      address: COLLEAGUE_ADDRESS,
      token: lead.token,
    });
    expect(revoke.status).toBe(200);
    await closedForGood(inbox);
    expect((await guestState()).agentsOnline).toBe(false);
  });
});

describe('a password reset', () => {
  it('closes the sockets of every session it signs out', async () => {
    const shopper = await signIn(SHOPPER_LAPTOP);
    const sockets = [liveSocket(shopper), chatSocket({ token: shopper.token })] as const;
    expect(await Promise.all(sockets.map(connectedOrRefused))).toEqual(['connected', 'connected']);

    expect(
      (await callStore(baseUrl, 'POST', '/api/v1/auth/forgot-password', { address: SHOPPER_PHONE, body: { email: shopper.email } })).status,
    ).toBe(200);
    await t.app.outbox.drain();
    const [mail] = await mailTo(t.app, shopper.email);
    const reset = await callStore(baseUrl, 'POST', '/api/v1/auth/reset-password', {
      address: SHOPPER_PHONE,
      body: { token: tokenFromLink(mail!.text, 'reset'), password: 'a brand new secret' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    for (const socket of sockets) await closedForGood(socket);
  });
});

describe('a dead token', () => {
  it('is refused once when a dropped connection comes back on its own, and never tried again', async () => {
    const shopper = await signIn(SHOPPER_LAPTOP);
    const socket = chatSocket({ token: shopper.token });
    expect(await connectedOrRefused(socket)).toBe('connected');
    // The session ends in the database behind the app's back (the re-check is an hour away here) …
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, shopper.id));
    // … and the network drops: socket.io-client reconnects by itself, is refused, and gives up.
    const refused = new Promise<string>((resolve) => socket.once('connect_error', (err) => resolve(err.message)));
    socket.io.engine.close();
    expect(await refused).toBe('unauthorized');
    expect(socket.connected).toBe(false);
    expect(socket.active).toBe(false);
  });
});

// Last in this file: the reload leaves a grace that would count this agent online for a minute.
describe('an agent whose inbox closed for a reload', () => {
  it('still counts online while the session lives, and stops at once when the session ends', async () => {
    const agent = await signIn(ADMIN_ADDRESS, { admin: true });
    const inbox = chatSocket({ token: agent.token, inbox: true });
    expect(await connectedOrRefused(inbox)).toBe('connected');
    // The page reloads (or the network blinks): the agent is away for a moment, not gone.
    inbox.disconnect();
    expect((await guestState()).agentsOnline).toBe(true);

    const out = await callStore(baseUrl, 'POST', '/api/v1/auth/logout', { address: ADMIN_ADDRESS, token: agent.token });
    expect(out.status).toBe(200);
    expect((await guestState()).agentsOnline).toBe(false);
  });
});
