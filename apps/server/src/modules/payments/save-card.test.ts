// /add-card without an order: POST v1/nuvei/init with only a cardToken verifies the card for zero
// and saves it (SPEC §4 step 1: "If the first response has card data, the card is saved").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nuveiInitResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { getCards, init, SANDBOX_CARDS } from '../../../test/support/payments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test' }, { seedDemo: false });
});
afterAll(() => t.close());

const saveCard = async (s: Shopper, number: string) => init(t.app, s, { cardToken: await tokenizeCard(t.app, number) });

const ordersOf = async (s: Shopper) => {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/checkout/my-purchases' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown[];
};

describe('saving a card without an order', () => {
  it('saves the card and answers with it; no order, no coins', async () => {
    const s = await createShopper(t.database.db);
    const res = await saveCard(s, SANDBOX_CARDS.frictionless);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = nuveiInitResponse.parse(res.json());
    expect(data.card).toMatchObject({ brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, provider: 'nuvei' });
    expect(data.paymentOption.card.threeD.version).toBeNull();
    expect(data.orderStatus).toBeNull();
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual([data.card!.userPaymentOptionId]);
    expect(await ordersOf(s)).toEqual([]);
    const wallet = await getWalletCoins(t.database.db, s.id);
    expect(wallet.purchasedWallet).toBe(0);
  });

  it('saving the same card again keeps its id and puts it first', async () => {
    const s = await createShopper(t.database.db);
    const visa = (await saveCard(s, SANDBOX_CARDS.frictionless)).json().data.card.userPaymentOptionId as string;
    const master = (await saveCard(s, '5555555555554444')).json().data.card.userPaymentOptionId as string;
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual([master, visa]);
    const again = await saveCard(s, SANDBOX_CARDS.frictionless);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.card.userPaymentOptionId).toBe(visa);
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual([visa, master]);
  });

  it('the 3-D Secure test card is saved without a challenge (a verification is exempt)', async () => {
    const s = await createShopper(t.database.db);
    const res = await saveCard(s, SANDBOX_CARDS.challenge);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.card.last4).toBe('3220');
  });

  it.each([
    [SANDBOX_CARDS.declined, 'CARD_DECLINED', 'Your card was declined.'],
    [SANDBOX_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS', 'Insufficient funds on this card.'],
  ])('a declined card (%s) is a 402 and is not saved', async (number, code, message) => {
    const s = await createShopper(t.database.db);
    const res = await saveCard(s, number);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ success: false, code, message });
    expect(await getCards(t.app, s)).toEqual([]);
  });

  it("another shopper's list does not show the card", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    expect((await saveCard(owner, SANDBOX_CARDS.frictionless)).statusCode).toBe(200);
    expect(await getCards(t.app, other)).toEqual([]);
    expect(await getCards(t.app, owner)).toHaveLength(1);
  });

  it('a saved card without an order is a 400 naming orderId; no card at all names cardToken', async () => {
    const s = await createShopper(t.database.db);
    const saved = (await saveCard(s, SANDBOX_CARDS.frictionless)).json().data.card;
    const res = await init(t.app, s, { userPaymentOptionId: saved.userPaymentOptionId, cvvToken: await tokenizeCvv(t.app) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'orderId' });
    const none = await init(t.app, s, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('cardToken');
  });
});
