// After fulfilment the shopper's open pages hear the new balance and the emptied cart without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { placeOrder, prepareOrderForPayment } from '../checkout/index.ts';
import { recordPaymentApproved } from './service.ts';
import { addToCart, createShopper, expectLedgerBalanced, STARTER_POUCH } from '../../../test/support/checkout.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

function nextEvent<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
}

describe('live updates after fulfilment', () => {
  it('sends walletUpdated with the new coins and cartUpdated with the emptied cart', async () => {
    const db = t.database.db;
    const s = await createShopper(db);
    const socket: ClientSocket = connectClient(baseUrl, {
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
      // The cart's own live event for the add arrives first; wait for it so the next one is fulfilment's.
      const added = nextEvent(socket, 'cartUpdated');
      await addToCart(t.app, s, STARTER_POUCH, 2);
      expect(await added).toEqual({ itemCount: 2 });
      const order = await placeOrder(db, s.id);
      await prepareOrderForPayment(db, s.id, order._id);
      const wallet = nextEvent(socket, 'walletUpdated');
      const cart = nextEvent(socket, 'cartUpdated');
      await recordPaymentApproved({ db, wake: t.app.outbox }, order._id, 'pay-live');
      expect((await wallet).coins.purchasedWallet).toBe(order.totalCoins);
      expect(await cart).toEqual({ itemCount: 0 });
      await expectLedgerBalanced(db, order._id);
    } finally {
      socket.disconnect();
    }
  });
});
