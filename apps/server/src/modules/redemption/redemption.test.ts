// Redeeming gift-card codes in the store (issue 24): what a sold code gives, once, into the wallet of whoever
// redeems it; unknown to a guesser; taken back when the order that sold it is refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { GIFT_CARD_CODE_REDEEMED_MESSAGE, GIFT_CARD_CODE_UNKNOWN_MESSAGE, redeemableCodeResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  approvePayment,
  as,
  createShopper,
  holdForPayment,
  JADE_GIFT_CARD,
  setFreeStock,
  type Shopper,
} from '../../../test/support/checkout.ts';
import { buyNow } from '../checkout/index.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { giftCardCodes, giftCards, ledgerEntries } from '../../db/schema.ts';

// The starter catalogue's Crimson card: 10,000 coins and a fixed bonus of 500.
const CRIMSON_GIFT_CARD = '20000000-0000-4000-8000-000000000002';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const check = (s: Shopper, code: unknown) => as(t.app, s, { method: 'POST', url: '/api/v1/gift-cards/check', payload: { code } });
const redeem = (s: Shopper, code: unknown) => as(t.app, s, { method: 'POST', url: '/api/v1/gift-cards/redeem', payload: { code } });
const purchased = async (s: Shopper) => (await getWalletCoins(db(), s.id)).purchasedWallet;

/** A gift card bought and delivered to a new buyer: the order and the code it handed over. */
async function deliveredCode(giftCardId = JADE_GIFT_CARD) {
  const [code] = await setFreeStock(db(), giftCardId, 1);
  const buyer = await createShopper(db());
  const order = await buyNow(db(), buyer.id, { kind: 'giftCard', itemId: giftCardId, quantity: 1 });
  await holdForPayment(t.app, buyer.id, order._id);
  await approvePayment(t.app, order._id, `pay-${order._id}`);
  return { buyer, orderId: order._id, code: code! };
}

describe('POST /api/v1/gift-cards/check and /redeem', () => {
  it('shows what a delivered code gives, and a friend redeems it once into their own wallet', async () => {
    const { buyer, code } = await deliveredCode(CRIMSON_GIFT_CARD);
    const friend = await createShopper(db());
    const checked = await check(friend, ` ${code} `);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(redeemableCodeResponse.parse(checked.json()).data).toEqual({
      code,
      name: 'Crimson Gift Card $100',
      image: expect.any(String),
      coins: 10_000,
      bonusCoins: 500,
      totalCoins: 10_500,
      redeemedAt: null,
    });
    const before = await purchased(friend);

    const res = await redeem(friend, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code, totalCoins: 10_500, redeemedAt: expect.any(String) });
    expect(await purchased(friend)).toBe(before + 10_500);
    expect(await purchased(buyer)).toBe(0);

    // Once: again by the friend, or by the buyer, is a 409 that moves nothing.
    for (const who of [friend, buyer]) {
      const again = await redeem(who, code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        success: false,
        code: 'GIFT_CARD_CODE_REDEEMED',
        field: 'code',
        message: GIFT_CARD_CODE_REDEEMED_MESSAGE,
      });
    }
    expect(await purchased(friend)).toBe(before + 10_500);
    expect((await check(buyer, code)).json().data.redeemedAt).toEqual(res.json().data.redeemedAt);
  });

  it('knows no code that was never sold: one in stock and a made-up one get the same 404', async () => {
    const s = await createShopper(db());
    const [inStock] = await setFreeStock(db(), JADE_GIFT_CARD, 1);
    for (const code of [inStock!, 'NO-SUCH-CODE-1234']) {
      for (const call of [check, redeem]) {
        const res = await call(s, code);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'GIFT_CARD_CODE_UNKNOWN',
          field: 'code',
          message: GIFT_CARD_CODE_UNKNOWN_MESSAGE,
        });
      }
    }
    expect(await purchased(s)).toBe(0);
  });

  it('refuses a malformed code (400 naming code) and a guest (401)', async () => {
    const s = await createShopper(db());
    for (const code of ['ab', 'has space in it', 'x'.repeat(65), 42]) {
      const res = await redeem(s, code);
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'code' });
    }
    expect(
      (await as(t.app, s, { method: 'POST', url: '/api/v1/gift-cards/redeem', payload: { code: 'ABCD-1234', extra: 1 } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/gift-cards/redeem', payload: { code: 'ABCD-1234' } })).statusCode).toBe(401);
  });

  it('gives what the code was sold for, though the gift card changed since', async () => {
    const { code } = await deliveredCode(JADE_GIFT_CARD);
    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, JADE_GIFT_CARD));
    await db().update(giftCards).set({ coins: 1 }).where(eq(giftCards.id, JADE_GIFT_CARD));
    try {
      const s = await createShopper(db());
      expect((await redeem(s, code)).json().data.totalCoins).toBe(2_500);
      expect(await purchased(s)).toBe(2_500);
    } finally {
      await db().update(giftCards).set({ coins: card!.coins }).where(eq(giftCards.id, JADE_GIFT_CARD));
    }
  });

  it('redeems a code once when two shoppers redeem it at the same moment', async () => {
    const { code } = await deliveredCode();
    const [a, b] = [await createShopper(db()), await createShopper(db())];
    const answers = await Promise.all([redeem(a, code), redeem(b, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await purchased(a)) + (await purchased(b))).toBe(2_500);
    const [row] = await db().select().from(giftCardCodes).where(eq(giftCardCodes.code, code));
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reference, `gift-card-code:${row!.id}`)));
    expect(entries).toHaveLength(1);
  });

  it("takes a redeemed code's coins back from whoever redeemed it when its order is refunded; then the code is unknown", async () => {
    const { orderId, code } = await deliveredCode();
    const friend = await createShopper(db());
    expect((await redeem(friend, code)).statusCode).toBe(200);
    expect(await purchased(friend)).toBe(2_500);

    const { reversed } = await t.app.payOrder.reverseOrder({ db: db(), wake: t.app.outbox }, orderId, 'Refunded by the store.');
    expect(reversed).toBe(true);
    expect(await purchased(friend)).toBe(0);
    // A repeated reversal takes nothing more.
    expect((await t.app.payOrder.reverseOrder({ db: db(), wake: t.app.outbox }, orderId, 'Refunded by the store.')).reversed).toBe(false);
    expect(await purchased(friend)).toBe(0);
    expect((await check(friend, code)).statusCode).toBe(404);
  });

  it('does not redeem a code of a refunded order that nobody had redeemed', async () => {
    const { orderId, code } = await deliveredCode();
    await t.app.payOrder.reverseOrder({ db: db(), wake: t.app.outbox }, orderId, 'Refunded by the store.');
    const s = await createShopper(db());
    expect((await redeem(s, code)).statusCode).toBe(404);
    expect(await purchased(s)).toBe(0);
  });
});
