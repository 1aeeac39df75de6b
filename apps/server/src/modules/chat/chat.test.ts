// Live chat over HTTP (issue 12, ADR 027): roles, guests' isolation, limits, text kept as text, the assign
// race, a conversation kept across reloads and devices, the answer by e-mail while agents are offline.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  adminAuditResponse,
  adminChatDetailResponse,
  adminChatsResponse,
  adminDashboardResponse,
  chatSendResponse,
  chatStateResponse,
} from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { mailTo, uniqueEmail } from '../../../test/support/auth.ts';
import { hashToken, newId, newSecretToken } from '../../lib/ids.ts';
import { sessions } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
let otherAdmin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  otherAdmin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const guest = (key: string | null, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(key ? { 'x-chat-key': key } : {}) } });

async function guestSays(key: string | null, text: string, extra: Record<string, unknown> = {}) {
  const res = await guest(key, { method: 'POST', url: '/api/v1/chat/messages', payload: { text, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  return chatSendResponse.parse(res.json()).data;
}

async function shopperSays(s: Shopper, text: string) {
  const res = await as(t.app, s, { method: 'POST', url: '/api/v1/chat/messages', payload: { text } });
  expect(res.statusCode, res.body).toBe(200);
  return chatSendResponse.parse(res.json()).data;
}

async function stateOf(res: Awaited<ReturnType<typeof t.app.inject>>) {
  expect(res.statusCode, res.body).toBe(200);
  return chatStateResponse.parse(res.json()).data;
}

describe('admin chat routes', () => {
  it('refuse a guest (401) and a shopper (403)', async () => {
    const shopper = await createShopper(t.database.db);
    for (const [method, url] of [
      ['GET', '/api/v1/admin/chats'],
      ['GET', '/api/v1/admin/chats/x'],
      ['POST', '/api/v1/admin/chats/x/assign'],
      ['POST', '/api/v1/admin/chats/x/answer'],
      ['POST', '/api/v1/admin/chats/x/close'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
      expect((await as(t.app, shopper, { method, url })).statusCode, url).toBe(403);
    }
  });
});

describe('a guest', () => {
  it('gets a key with the first message, and the key opens only that conversation', async () => {
    expect((await stateOf(await guest(null, { method: 'GET', url: '/api/v1/chat' }))).conversation).toBeNull();
    const a = await guestSays(null, 'Hello from A');
    const b = await guestSays(null, 'Hello from B');
    expect(a.conversationKey).toBeTruthy();
    expect(b.conversationKey).toBeTruthy();
    const seenByA = await stateOf(await guest(a.conversationKey!, { method: 'GET', url: '/api/v1/chat' }));
    expect(seenByA.conversation?.messages.map((m) => m.text)).toEqual(['Hello from A']);
    const seenByB = await stateOf(await guest(b.conversationKey!, { method: 'GET', url: '/api/v1/chat' }));
    expect(seenByB.conversation?.messages.map((m) => m.text)).toEqual(['Hello from B']);

    // Writing again with A's key adds to A's conversation, never B's; no new key is handed out.
    const again = await guestSays(a.conversationKey!, 'Still A');
    expect(again.conversationKey).toBeUndefined();
    expect(again.conversation.id).toBe(a.conversation.id);
    const seenByB2 = await stateOf(await guest(b.conversationKey!, { method: 'GET', url: '/api/v1/chat' }));
    expect(seenByB2.conversation?.messages.map((m) => m.text)).toEqual(['Hello from B']);
  });

  it("cannot read a shopper's conversation, nor one with a made-up key", async () => {
    const shopper = await createShopper(t.database.db);
    await shopperSays(shopper, 'My private question');
    expect((await stateOf(await guest(null, { method: 'GET', url: '/api/v1/chat' }))).conversation).toBeNull();
    expect((await stateOf(await guest(newSecretToken(), { method: 'GET', url: '/api/v1/chat' }))).conversation).toBeNull();
    const forged = await guest(newSecretToken(), { method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'let me in' } });
    expect(forged.statusCode).toBe(404);
  });
});

describe('a signed-in shopper', () => {
  it('finds the conversation again after a reload and on another device', async () => {
    const shopper = await createShopper(t.database.db);
    await shopperSays(shopper, 'First');
    await shopperSays(shopper, 'Second');
    const reloaded = await stateOf(await as(t.app, shopper, { method: 'GET', url: '/api/v1/chat' }));
    expect(reloaded.conversation?.messages.map((m) => m.text)).toEqual(['First', 'Second']);

    // Another device: a second session of the same account.
    const token = newSecretToken();
    await t.database.db
      .insert(sessions)
      .values({ id: newId(), userId: shopper.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const phone = await stateOf(await as(t.app, { ...shopper, token }, { method: 'GET', url: '/api/v1/chat' }));
    expect(phone.conversation?.id).toBe(reloaded.conversation?.id);
    expect(phone.conversation?.messages.map((m) => m.text)).toEqual(['First', 'Second']);
  });
});

describe('two tabs of one shopper', () => {
  it('writing their first messages at once share one conversation', async () => {
    const shopper = await createShopper(t.database.db);
    const [a, b] = await Promise.all([shopperSays(shopper, 'Tab one'), shopperSays(shopper, 'Tab two')]);
    expect(a.conversation.id).toBe(b.conversation.id);
    const seen = await stateOf(await as(t.app, shopper, { method: 'GET', url: '/api/v1/chat' }));
    expect(seen.conversation?.messages.map((m) => m.text).sort()).toEqual(['Tab one', 'Tab two']);
  });
});

describe('message text', () => {
  it('must be 1 to 2000 characters: 400 naming the field, nothing stored', async () => {
    const shopper = await createShopper(t.database.db);
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const res = await as(t.app, shopper, { method: 'POST', url: '/api/v1/chat/messages', payload: { text } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'text' });
    }
    expect((await stateOf(await as(t.app, shopper, { method: 'GET', url: '/api/v1/chat' }))).conversation).toBeNull();
    await shopperSays(shopper, 'x'.repeat(2000));
  });

  it('is kept as the text that was sent, HTML included', async () => {
    const shopper = await createShopper(t.database.db);
    const html = '<img src=x onerror=alert(1)><b>bold</b>';
    const sent = await shopperSays(shopper, html);
    expect(sent.message.text).toBe(html);
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/chats/${sent.conversation.id}` });
    expect(adminChatDetailResponse.parse(res.json()).data.messages.at(-1)?.text).toBe(html);
  });

  it('is limited per sender: the 11th message within 10 s gets 429 with a message', async () => {
    const shopper = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await as(t.app, shopper, { method: 'POST', url: '/api/v1/chat/messages', payload: { text: `msg ${i}` } }));
    }
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json().message).toMatch(/too fast/);
    // Another sender is not slowed down by this one.
    await shopperSays(other, 'I am fine');
  });
});

describe('the inbox', () => {
  it('lists open conversations with unread counts; assign, answer, close are audited', async () => {
    const shopper = await createShopper(t.database.db);
    const { conversation } = await shopperSays(shopper, 'Where are my coins?');
    await shopperSays(shopper, 'Order 42');

    const list = adminChatsResponse.parse((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/chats?limit=100' })).json()).data;
    const row = list.chats.find((c) => c.id === conversation.id);
    expect(row).toMatchObject({ status: 'open', unread: 2, userId: shopper.id, visitorEmail: shopper.email, lastMessage: 'Order 42' });

    const detail = adminChatDetailResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/chats/${conversation.id}` })).json(),
    ).data;
    expect(detail.profile).toMatchObject({ id: shopper.id, email: shopper.email });
    expect(detail.recentOrders).toEqual([]);

    expect((await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${conversation.id}/assign` })).statusCode).toBe(200);
    const answer = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/chats/${conversation.id}/answer`,
      payload: { text: 'On their way' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const seen = await stateOf(await as(t.app, shopper, { method: 'GET', url: '/api/v1/chat' }));
    expect(seen.conversation).toMatchObject({ unread: 1, readByAgent: true });
    expect(seen.conversation?.messages.at(-1)).toMatchObject({ senderKind: 'agent', text: 'On their way' });

    // Another agent may not answer a conversation that is not theirs.
    const stolen = await as(t.app, otherAdmin, {
      method: 'POST',
      url: `/api/v1/admin/chats/${conversation.id}/answer`,
      payload: { text: 'Me too' },
    });
    expect(stolen.statusCode).toBe(409);

    expect((await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${conversation.id}/close` })).statusCode).toBe(200);
    expect((await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${conversation.id}/close` })).statusCode).toBe(409);

    const audit = adminAuditResponse
      .parse((await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit?actor=${admin.id}&limit=100` })).json())
      .data.entries.filter((e) => e.targetId === conversation.id);
    expect(audit.map((e) => e.action).sort()).toEqual(['chat.answer', 'chat.assign', 'chat.close']);

    // Writing again reopens it, back in the shared queue.
    const reopened = await shopperSays(shopper, 'One more thing');
    expect(reopened.conversation.id).toBe(conversation.id);
    expect(reopened.conversation.status).toBe('open');
  });

  it('two agents assigning at once: one wins, the other gets 409', async () => {
    const shopper = await createShopper(t.database.db);
    const { conversation } = await shopperSays(shopper, 'Help');
    const url = `/api/v1/admin/chats/${conversation.id}/assign`;
    const [a, b] = await Promise.all([as(t.app, admin, { method: 'POST', url }), as(t.app, otherAdmin, { method: 'POST', url })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/first/);
  });

  it('counts open conversations on the dashboard', async () => {
    const before = adminDashboardResponse.parse((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/dashboard' })).json()).data
      .openChats;
    await guestSays(null, 'Count me');
    const after = adminDashboardResponse.parse((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/dashboard' })).json()).data
      .openChats;
    expect(after).toBe(before + 1);
  });
});

describe('while no agent is online', () => {
  it("says so, and mails the agent's answer to the guest's address", async () => {
    const state = await stateOf(await guest(null, { method: 'GET', url: '/api/v1/chat' }));
    expect(state.agentsOnline).toBe(false);
    const email = uniqueEmail('chat-guest');
    const bad = await guest(null, { method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'hi', email: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email' });

    const { conversation } = await guestSays(null, 'Can I pay by bank?', { email });
    const answer = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/chats/${conversation.id}/answer`,
      payload: { text: 'Yes, <b>ACH</b> works' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await vi.waitFor(async () => {
      const mails = await mailTo(t.app, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Yes, <b>ACH</b> works');
      expect(mails[0]!.html).toContain('Yes, &lt;b&gt;ACH&lt;/b&gt; works');
    });
  });

  it("mails a signed-in shopper's answer to the account's address", async () => {
    const shopper = await createShopper(t.database.db);
    const { conversation } = await shopperSays(shopper, 'Anyone there?');
    await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/chats/${conversation.id}/answer`, payload: { text: 'We are now' } });
    await vi.waitFor(async () => expect((await mailTo(t.app, shopper.email)).map((m) => m.text).join()).toContain('We are now'));
  });
});
