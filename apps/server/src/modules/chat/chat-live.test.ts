// The chat's live namespace (ADR 027): agents hear visitors, visitors hear agents, a guest hears only the
// conversation whose key they prove, and a visitor sees agents online while the inbox is open.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { CHAT_NAMESPACE, chatSendResponse, chatStateResponse, type ChatMessage } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';

let t: TestApp;
let baseUrl: string;
let admin: Shopper;
const opened: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

function connect(auth: Record<string, string | boolean>): Socket {
  const socket = connectClient(`${baseUrl}${CHAT_NAMESPACE}`, { path: '/socket.io/', transports: ['websocket'], auth, forceNew: true });
  opened.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
const refused = (socket: Socket) => new Promise<string>((resolve) => socket.once('connect_error', (err) => resolve(err.message)));

function heard(socket: Socket): ChatMessage[] {
  const messages: ChatMessage[] = [];
  socket.on('chatMessage', ({ message }: { message: ChatMessage }) => messages.push(message));
  return messages;
}

describe('the chat namespace', () => {
  it("carries a shopper's message to the agents and the answer back, and shows agents online", async () => {
    const shopper = await createShopper(t.database.db);
    const agentSocket = connect({ token: admin.token, inbox: true });
    await connected(agentSocket);
    const shopperSocket = connect({ token: shopper.token });
    await connected(shopperSocket);
    const atAgent = heard(agentSocket);
    const atShopper = heard(shopperSocket);

    const state = chatStateResponse.parse((await as(t.app, shopper, { method: 'GET', url: '/api/v1/chat' })).json()).data;
    expect(state.agentsOnline).toBe(true);

    const sent = chatSendResponse.parse(
      (await as(t.app, shopper, { method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'Live hello' } })).json(),
    ).data;
    await expect.poll(() => atAgent.map((m) => m.text), { timeout: 30_000 }).toContain('Live hello');

    const typing = new Promise((resolve) => shopperSocket.once('chatTyping', resolve));
    await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${sent.conversation.id}/typing` });
    await expect(typing).resolves.toMatchObject({ senderKind: 'agent' });

    await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${sent.conversation.id}/answer`, payload: { text: 'Live answer' } });
    await expect.poll(() => atShopper.map((m) => m.text), { timeout: 30_000 }).toContain('Live answer');
  });

  it('lets a guest follow only the conversation whose key they prove', async () => {
    const agentSocket = connect({ token: admin.token, inbox: true });
    await connected(agentSocket);
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'Guest A' } });
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'Guest B' } });
    const a = chatSendResponse.parse(first.json()).data;
    const b = chatSendResponse.parse(second.json()).data;

    expect(await refused(connect({}))).toBe('unauthorized');
    // A shopper's session does not open the agents' inbox.
    const shopper = await createShopper(t.database.db);
    expect(await refused(connect({ token: shopper.token, inbox: true }))).toBe('unauthorized');
    expect(await refused(connect({ chatKey: 'made-up-key' }))).toBe('unauthorized');

    const guestA = connect({ chatKey: a.conversationKey! });
    await connected(guestA);
    const atA = heard(guestA);
    await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${b.conversation.id}/answer`, payload: { text: 'For B only' } });
    await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${a.conversation.id}/answer`, payload: { text: 'For A' } });
    await expect.poll(() => atA.map((m) => m.text), { timeout: 30_000 }).toContain('For A');
    expect(atA.map((m) => m.text)).not.toContain('For B only');
  });
});
