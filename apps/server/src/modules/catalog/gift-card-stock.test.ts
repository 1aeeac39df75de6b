// A gift card is only as available as its free codes: with none left (all sold, or held by payments in
// progress) it reads as sold out everywhere a shopper meets it, and cannot be added or ordered.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCartResponse, productListResponse, singleProductResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { giftCards } from '../../db/schema.ts';
import { as, createShopper, holdForPayment, JADE_GIFT_CARD, setFreeStock } from '../../../test/support/checkout.ts';
import { invalidateCatalogCache } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const SOLD_OUT = { success: false, message: 'Sorry, this item is sold out.', field: 'itemId' };

const byId = async () =>
  singleProductResponse.parse((await t.app.inject({ url: `/api/v1/admin/gift-card/${JADE_GIFT_CARD}` })).json()).data.data;
const listed = async () => {
  const { giftCards } = productListResponse.parse((await t.app.inject({ url: '/api/v1/admin/product' })).json()).data;
  return { jade: giftCards.find((c) => c._id === JADE_GIFT_CARD)!, order: giftCards.map((c) => c._id) };
};

describe('gift-card availability follows free stock', () => {
  it('shows the card sold out once its last code is held, refuses it in the cart and at buy-now, and back when freed', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 1);
    invalidateCatalogCache(db());
    expect((await byId()).isAvailable).toBe(true);
    expect((await listed()).jade.isAvailable).toBe(true);

    // One shopper has the card in the cart; another orders it and starts paying, which holds the last code.
    const waiting = await createShopper(db());
    expect(
      (
        await as(t.app, waiting, {
          method: 'POST',
          url: '/api/v1/cart',
          payload: { itemId: JADE_GIFT_CARD, quantity: 1, type: 'giftCard' },
        })
      ).statusCode,
    ).toBe(200);
    const payer = await createShopper(db());
    const order = await as(t.app, payer, { method: 'POST', url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`, payload: { type: 'giftCard' } });
    expect(order.statusCode, order.body).toBe(200);
    await holdForPayment(t.app, payer.id, order.json().data._id);

    expect((await byId()).isAvailable).toBe(false);
    // The listing is cached for up to 2 s per query; once the entry is gone it shows the card sold out,
    // after the available ones.
    invalidateCatalogCache(db());
    const afterHold = await listed();
    expect(afterHold.jade.isAvailable).toBe(false);
    expect(afterHold.order.at(-1)).toBe(JADE_GIFT_CARD);

    const late = await createShopper(db());
    const add = await as(t.app, late, { method: 'POST', url: '/api/v1/cart', payload: { itemId: JADE_GIFT_CARD, quantity: 1 } });
    expect(add.statusCode).toBe(422);
    expect(add.json()).toMatchObject(SOLD_OUT);
    const buy = await as(t.app, late, { method: 'POST', url: `/api/v1/checkout/buy/${JADE_GIFT_CARD}`, payload: { type: 'giftCard' } });
    expect(buy.statusCode).toBe(422);
    expect(buy.json()).toMatchObject(SOLD_OUT);
    expect(getCartResponse.parse((await as(t.app, late, { method: 'GET', url: '/api/v1/cart' })).json()).data.items).toEqual([]);

    // The shopper who added it earlier sees it sold out and unpriced, cannot add more, and cannot order it.
    const cart = getCartResponse.parse((await as(t.app, waiting, { method: 'GET', url: '/api/v1/cart' })).json());
    expect(cart.data.items.map((i) => [i.itemId._id, i.itemId.isAvailable])).toEqual([[JADE_GIFT_CARD, false]]);
    expect(cart.data.totals.total).toBe(0);
    expect(cart.getOrderCart).toEqual([]);
    const more = await as(t.app, waiting, {
      method: 'PUT',
      url: `/api/v1/cart/increasequantity/${JADE_GIFT_CARD}`,
      payload: { quantity: 1 },
    });
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject(SOLD_OUT);
    const place = await as(t.app, waiting, { method: 'POST', url: '/api/v1/checkout/placeorder' });
    expect(place.statusCode).toBe(422);
    expect(place.json()).toMatchObject({ success: false, message: 'Your cart is empty.' });

    // The payer gives up (cancels): the code is free again and the card is back on sale.
    const cancel = await as(t.app, payer, {
      method: 'POST',
      url: '/api/v1/checkout/',
      payload: { orderId: order.json().data._id, action: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await byId()).isAvailable).toBe(true);
    const again = getCartResponse.parse((await as(t.app, waiting, { method: 'GET', url: '/api/v1/cart' })).json());
    expect(again.data.items[0]!.itemId.isAvailable).toBe(true);
    expect(again.data.totals.total).toBe(2_500);
  });

  it('keeps a gift card marked unavailable sold out whatever its stock', async () => {
    await setFreeStock(db(), JADE_GIFT_CARD, 3);
    await db().update(giftCards).set({ isAvailable: false }).where(eq(giftCards.id, JADE_GIFT_CARD));
    try {
      expect((await byId()).isAvailable).toBe(false);
    } finally {
      await db().update(giftCards).set({ isAvailable: true }).where(eq(giftCards.id, JADE_GIFT_CARD));
    }
  });
});
