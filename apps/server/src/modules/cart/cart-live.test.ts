// A cart change tells the shopper's other open tabs the new badge count over the live connection.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, STARTER_POUCH } from '../../../test/support/cart.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

it('sends cartUpdated with the item count after an add, a step and a removal', async () => {
  const s = await createShopper(t.database.db);
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(baseUrl, {
    path: '/socket.io/',
    transports: ['websocket'],
    auth: { token: s.token },
    query: { _id: s.id, role: 'USER' },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const counts: number[] = [];
    socket.on('cartUpdated', ({ itemCount }) => counts.push(itemCount));
    const heard = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (counts.length >= n ? resolve() : setTimeout(check, 10));
        check();
      });
    await as(t.app, s, { method: 'POST', url: '/api/v1/cart', payload: { itemId: STARTER_POUCH, quantity: 2 } });
    await heard(1);
    await as(t.app, s, { method: 'PUT', url: `/api/v1/cart/increasequantity/${STARTER_POUCH}`, payload: { quantity: 1 } });
    await heard(2);
    await as(t.app, s, { method: 'DELETE', url: `/api/v1/cart/${STARTER_POUCH}` });
    await heard(3);
    expect(counts).toEqual([2, 3, 0]);
  } finally {
    socket.disconnect();
  }
});
