// The first-purchase bonus (the 'Welcome gift: 500 coins' promotion) is credited once per shopper, even
// when two orders were priced with it before either was paid: the database lets one order claim the
// shopper's first purchase, and the other order's recorded bonus says it got none.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasesResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { firstPurchases, mailbox } from '../../db/schema.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { init, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { as, createShopper, expectLedgerBalanced, ledgerSumForOrder } from '../../../test/support/checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;

// Starter Pouch: 500 coins, +10 % (Lantern Festival) = 50, +500 welcome gift on the first purchase only.
const WITH_WELCOME = { coins: 500, bonusCoins: 550, totalCoins: 1_050 };
const WITHOUT_WELCOME = { coins: 500, bonusCoins: 50, totalCoins: 550 };

describe('first-purchase bonus', () => {
  it('is credited once when two orders priced with it are both paid (at the same time)', async () => {
    const s = await createShopper(db());
    const first = await pendingOrder(t.app, s);
    const second = await pendingOrder(t.app, s);
    expect(first).toMatchObject(WITH_WELCOME);
    expect(second).toMatchObject(WITH_WELCOME);
    const tokens = await Promise.all([tokenizeCard(t.app, SANDBOX_CARDS.frictionless), tokenizeCard(t.app, SANDBOX_CARDS.frictionless)]);

    const paid = await Promise.all([first, second].map((o, i) => init(t.app, s, { orderId: o._id, cardToken: tokens[i] })));
    for (const res of paid) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.orderStatus).toBe('fulfilled');
    }

    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(1_050 + 550);
    // What the shopper is shown is what was credited: one order with the welcome gift, one without.
    const purchases = purchasesResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/checkout/my-purchases' })).json()).data;
    expect(
      purchases
        .map((p) => ({ coins: p.coins, bonusCoins: p.bonusCoins, totalCoins: p.totalCoins }))
        .sort((a, b) => b.totalCoins - a.totalCoins),
    ).toEqual([WITH_WELCOME, WITHOUT_WELCOME]);
    for (const p of purchases) {
      await expectLedgerBalanced(db(), p._id);
      expect(await ledgerSumForOrder(db(), p._id)).toBe(p.totalCoins);
    }
    const [claim] = await db().select().from(firstPurchases).where(eq(firstPurchases.userId, s.id));
    expect(claim!.orderId).toBe(purchases.find((p) => p.totalCoins === 1_050)!._id);

    await t.app.outbox.drain();
    const receipts = (await db().select().from(mailbox).where(eq(mailbox.toAddress, s.email))).map((m) => m.textBody);
    expect(receipts).toHaveLength(2);
    expect(receipts.some((text) => text.includes('1,050 coins were added to your balance (500 coins + 550 bonus).'))).toBe(true);
    expect(receipts.some((text) => text.includes('550 coins were added to your balance (500 coins + 50 bonus).'))).toBe(true);

    // And the cart no longer offers it.
    const cart = await as(t.app, s, { method: 'GET', url: '/api/v1/cart' });
    expect(cart.json().data.eligibilityPromotion).toBeNull();
  });

  it('is credited once when the two orders are paid one after the other', async () => {
    const s = await createShopper(db());
    const first = await pendingOrder(t.app, s);
    const second = await pendingOrder(t.app, s);
    for (const order of [second, first]) {
      const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(1_600);
    // The one paid first was the first purchase.
    const order = async (id: string) => (await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${id}` })).json().data;
    expect(await order(second._id)).toMatchObject({ status: 'fulfilled', ...WITH_WELCOME });
    expect(await order(first._id)).toMatchObject({ status: 'fulfilled', ...WITHOUT_WELCOME });
  });

  it('is not credited for a declined payment, and stays for the next order', async () => {
    const s = await createShopper(db());
    const declined = await pendingOrder(t.app, s);
    const res = await init(t.app, s, { orderId: declined._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.declined) });
    expect(res.statusCode).toBe(402);
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(0);
    expect(await db().select().from(firstPurchases).where(eq(firstPurchases.userId, s.id))).toEqual([]);

    const next = await pendingOrder(t.app, s);
    expect(next).toMatchObject(WITH_WELCOME);
    expect((await init(t.app, s, { orderId: next._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) })).statusCode).toBe(
      200,
    );
    expect((await getWalletCoins(db(), s.id)).purchasedWallet).toBe(1_050);
  });
});
