// After fulfilment the shopper's open pages hear the new balance and the emptied cart without a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToClientEvents } from '@store/shared';
import { connectShopperSocket, type ShopperSocket } from '../../../test/support/live-client.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { placeOrder } from '../../modules/checkout/index.ts';
import { reverseOrder } from './reversal.ts';
import {
  addToCart,
  approvePayment,
  createShopper,
  expectLedgerBalanced,
  holdForPayment,
  STARTER_POUCH,
} from '../../../test/support/checkout.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

function nextEvent<E extends keyof ServerToClientEvents>(socket: ShopperSocket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => resolve(payload)) as never);
  });
}

describe('live updates after fulfilment', () => {
  it("sends walletUpdated with the new coins, cartUpdated with the emptied cart, and the order's new state with a toast", async () => {
    const db = t.database.db;
    const s = await createShopper(db);
    const socket = await connectShopperSocket(baseUrl, s);
    try {
      // The cart's own live event for the add arrives first; wait for it so the next one is fulfilment's.
      const added = nextEvent(socket, 'cartUpdated');
      await addToCart(t.app, s, STARTER_POUCH, 2);
      expect(await added).toEqual({ itemCount: 2 });
      const order = await placeOrder(db, s.id);
      await holdForPayment(t.app, s.id, order._id);
      const wallet = nextEvent(socket, 'walletUpdated');
      const cart = nextEvent(socket, 'cartUpdated');
      const notice = nextEvent(socket, 'notification');
      const states: string[] = [];
      const fulfilledSeen = new Promise<void>((resolve) =>
        socket.on('orderUpdated', ({ orderId, status }) => {
          if (orderId === order._id) states.push(status);
          if (status === 'fulfilled') resolve();
        }),
      );
      await approvePayment(t.app, order._id, 'pay-live');
      expect((await wallet).coins.purchasedWallet).toBe(order.totalCoins);
      expect(await cart).toEqual({ itemCount: 0 });
      await expectLedgerBalanced(db, order._id);
      // Each state change (paid, then fulfilled) is announced; each reads the order as it is when sent.
      await fulfilledSeen;
      expect(states.at(-1)).toBe('fulfilled');
      expect(await notice).toEqual({ type: 'success', content: 'Payment received: your order is complete.' });
    } finally {
      socket.disconnect();
    }
  });

  it('a reversal after fulfilment announces the refunded order with a warning toast', async () => {
    const db = t.database.db;
    const s = await createShopper(db);
    await addToCart(t.app, s, STARTER_POUCH, 1);
    const order = await placeOrder(db, s.id);
    await holdForPayment(t.app, s.id, order._id);
    await approvePayment(t.app, order._id, 'pay-live-2');
    const socket = await connectShopperSocket(baseUrl, s);
    try {
      const refunded = new Promise<void>((resolve) =>
        socket.on('orderUpdated', ({ orderId, status }) => orderId === order._id && status === 'refunded' && resolve()),
      );
      const warning = new Promise((resolve) => socket.on('notification', (n) => n.type === 'warning' && resolve(n)));
      await reverseOrder({ db, wake: t.app.outbox }, order._id, 'returned (R01)');
      await refunded;
      expect(await warning).toEqual({
        type: 'warning',
        content: 'Your order was refunded: its payment went back to you and its coins were taken back.',
      });
    } finally {
      socket.disconnect();
    }
  });
});
