// Issue 21: card tokens nothing used were kept for ever. Now an unused token works for
// VAULT_TOKEN_TTL_MINUTES, is refused after (a clear 400 naming the field), and the vault's background job
// deletes it; a token a payment or a saved card used is kept. "Past its lifetime" is reached by moving the
// row's expiry into the past, as time would.
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper, sandboxBook, transactionsSince } from '../../../test/support/checkout.ts';
import { getCards, init, orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { vaultCards } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The token's lifetime ran out a minute ago. */
const expire = (...tokens: string[]) =>
  t.database.db
    .update(vaultCards)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(inArray(vaultCards.token, tokens));
const storedTokens = async (tokens: string[]) =>
  new Set(
    (await t.database.db.select({ token: vaultCards.token }).from(vaultCards).where(inArray(vaultCards.token, tokens))).map((r) => r.token),
  );

describe('an unused card token past its lifetime', () => {
  it('is refused by a payment with 400 CARD_TOKEN_EXPIRED naming cardToken, and nothing reaches the provider', async () => {
    const shopper = await createShopper(t.app.db);
    const order = await pendingOrder(t.app, shopper);
    const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    await expire(cardToken);
    const book = await sandboxBook(t.app.db);

    const res = await init(t.app, shopper, { orderId: order._id, cardToken });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'CARD_TOKEN_EXPIRED', field: 'cardToken' });
    expect(await transactionsSince(t.app.db, book)).toEqual([]);
    expect(await orderStatus(t.app, shopper, order._id)).toBe('pending');

    // Saving it as a card (no order) is refused the same way.
    const save = await init(t.app, shopper, { cardToken });
    expect(save.statusCode).toBe(400);
    expect(save.json()).toMatchObject({ code: 'CARD_TOKEN_EXPIRED', field: 'cardToken' });
    expect(await getCards(t.app, shopper)).toEqual([]);

    // A fresh token of the same card pays.
    const paid = await init(t.app, shopper, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('reads as unknown in the vault itself, so no provider ever gets its card', async () => {
    const token = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    expect(await t.app.vault.cardTokenState(token)).toBe('usable');
    await expire(token);
    expect(await t.app.vault.cardTokenState(token)).toBe('expired');
    expect(await t.app.vault.detokenize(token)).toBeNull();
    expect(await t.app.vault.cardTokenState('card_nosuchtoken123')).toBe('unknown');
  });
});

describe("the vault's delete job", () => {
  it('deletes expired unused tokens and keeps those a saved card or a payment used, and those still in time', async () => {
    const shopper = await createShopper(t.app.db);
    // Saved (verified for zero and kept as the shopper's card).
    const saved = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    expect((await init(t.app, shopper, { cardToken: saved })).statusCode).toBe(200);
    // Paid with once, not saved.
    const order = await pendingOrder(t.app, shopper);
    const paidWith = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    expect((await init(t.app, shopper, { orderId: order._id, cardToken: paidWith })).statusCode).toBe(200);
    // Never used: one still in time, one past it.
    const fresh = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    const stale = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    await expire(saved, paidWith, stale);

    await t.app.outbox.drain();

    expect(await storedTokens([saved, paidWith, fresh, stale])).toEqual(new Set([saved, paidWith, fresh]));
    // The saved card still pays, long after its token's first lifetime.
    const [card] = await getCards(t.app, shopper);
    const next = await pendingOrder(t.app, shopper);
    const again = await init(t.app, shopper, {
      orderId: next._id,
      userPaymentOptionId: card!.userPaymentOptionId,
      cvvToken: await tokenizeCvv(t.app),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.orderStatus).toBe('fulfilled');
  });
});
