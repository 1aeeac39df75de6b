// A deploy or a restart closes the live connections without telling the clients to stay away: they hear
// a lost transport, as after a network blip, and socket.io-client reconnects by itself (to this instance
// once it is back, or to another one behind the load balancer). Only a session's end (ADR 030) tells a
// client not to come back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { CHAT_NAMESPACE } from '@store/shared';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { createVerifiedUser, loginAs } from './support/auth.ts';

let t: TestApp | undefined;
const opened: Socket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.disconnect();
  await t?.close();
  t = undefined;
});

/** A socket with the web app's reconnection on, and the reason it was last disconnected for. */
function open(url: string, opts: Parameters<typeof connectClient>[1]) {
  const socket = connectClient(url, { path: '/socket.io/', transports: ['websocket'], forceNew: true, ...opts });
  opened.push(socket);
  const reasons: string[] = [];
  socket.on('disconnect', (reason) => void reasons.push(reason));
  return { socket, reasons };
}

describe('a server shutting down', () => {
  it('closes live and chat sockets as a lost transport, so the web app reconnects by itself', async () => {
    t = await buildTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { email, password } = await createVerifiedUser(t.app);
    const shopper = await loginAs(t.app, email, password);
    const live = open(base, { auth: { token: shopper.token }, query: { _id: shopper.user._id, role: 'USER' } });
    const chat = open(`${base}${CHAT_NAMESPACE}`, { auth: { token: shopper.token } });
    await vi.waitFor(() => expect(live.socket.connected && chat.socket.connected).toBe(true), { timeout: 20_000 });

    await t.app.close();

    await vi.waitFor(() => expect([live.reasons, chat.reasons]).toEqual([['transport close'], ['transport close']]), {
      timeout: 20_000,
    });
    // Still trying: the client will be back when an instance answers again.
    expect(live.socket.active).toBe(true);
    expect(chat.socket.active).toBe(true);
  });
});
