// Issue 21, finding 1 (card testing around the limit), as an outsider runs it: a listening store, real HTTP,
// addresses named through the trusted proxy's X-Forwarded-For. Card attempts count per shopper and per
// address on every path that tries a card (v1/nuvei/init with a new or a saved card, the cashier's page,
// Stripe, Square, the embedded checkout's sessions and each card the hosted checkout declines in them):
// once over the limit on any path, every path refuses with 429 CARD_ATTEMPTS_LIMITED and Retry-After,
// the hosted checkout's sessions opened earlier included, and a new session for every cart gives no fresh
// attempts (ADR 031).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createShopper, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';
import { pageForm } from '../../../test/support/cashier.ts';
import { BROWSER_DETAILS, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import { payments } from '../../db/schema.ts';
import { checkoutCardAttempts, checkoutSessions, checkoutWebhookOutbox } from '@store/checkout-host/testing';
import { SESSION_KEY_HEADER } from '@store/checkout-host';
import { saveDistributorKeys } from '../settings/index.ts';
import { DECLINE_WEIGHT } from './card-attempts.ts';
import { freePort } from '../../../test/support/ports.ts';

const PER_SHOPPER = 16;
const PER_ADDRESS = 40;
const WINDOW_MINUTES = 30;
const GAME = 'dragon-slots';
const APPROVED = '4111111111111111';
const WAIT = { timeout: 30_000, interval: 100 };

let t: TestApp;
let storePort: number;
beforeAll(async () => {
  storePort = await freePort();
  t = await buildTestApp(
    {
      // The hosted checkout delivers its webhook to the store's address: the store listens there.
      PUBLIC_URL: `http://127.0.0.1:${storePort}`,
      TRUST_PROXY: ['127.0.0.1'],
      CARD_ATTEMPTS_PER_SHOPPER: PER_SHOPPER,
      CARD_ATTEMPTS_PER_ADDRESS: PER_ADDRESS,
      CARD_ATTEMPT_WINDOW_MINUTES: WINDOW_MINUTES,
      // The host's own limits above the store's here: what refuses in these tests is the store's count.
      CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER: 1000,
      CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS: 1000,
    },
    { seedDemo: false },
  );
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;
let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

interface Answer {
  status: number;
  json: { success?: boolean; code?: string; message?: string; data?: Record<string, unknown> } & Record<string, unknown>;
  retryAfter: string | null;
}
async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let json: Answer['json'] = {};
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
}

/** The shopper's call to the store's API from an address, over HTTP through the trusted proxy. */
async function call(s: Shopper, from: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return answerOf(
    await fetch(`http://127.0.0.1:${storePort}/api${path}`, {
      method,
      headers: {
        'x-auth-token': s.token,
        'x-forwarded-for': from,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
}

/** The purchase-v2 page's card payment in a hosted checkout session, from an address. */
async function payInFrame(sessionKey: string, from: string, cardToken: string): Promise<Answer> {
  const origin = t.app.checkoutHost.origin().replace('localhost', '127.0.0.1');
  return answerOf(
    await fetch(`${origin}/api/checkout/card`, {
      method: 'POST',
      headers: { [SESSION_KEY_HEADER]: sessionKey, 'x-forwarded-for': from, 'content-type': 'application/json' },
      body: JSON.stringify({ cardToken, browserDetails: BROWSER_DETAILS }),
    }),
  );
}

async function newOrder(s: Shopper, from: string): Promise<string> {
  const res = await call(s, from, 'POST', `/v1/checkout/buy/${STARTER_POUCH}`, { type: 'product', quantity: 1 });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data!._id as string;
}

async function openSession(s: Shopper, from: string, orderId: string): Promise<Answer> {
  return call(s, from, 'GET', `/v1/payment/coinflow/session?gameProvider=${GAME}&orderId=${orderId}`);
}

function expectLimited(res: Answer, what: string) {
  expect({ what, status: res.status, code: res.json.code }).toEqual({ what, status: 429, code: 'CARD_ATTEMPTS_LIMITED' });
  expect(res.json.message).toMatch(/^Too many card attempts\. Please wait \d+ minutes? before trying again\.$/);
  const retryAfter = Number(res.retryAfter);
  expect(retryAfter, what).toBeGreaterThan(0);
  expect(retryAfter, what).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
}

/** The hosted checkout told the store (its webhook answered 2xx) every event it has about the session. */
async function storeHeardOf(sessionId: string, events: number) {
  await vi.waitFor(async () => {
    await t.app.checkoutHost.deliverWebhooks();
    const rows = await db()
      .select()
      .from(checkoutWebhookOutbox)
      .where(sql`${checkoutWebhookOutbox.payload} -> 'data' ->> 'sessionId' = ${sessionId}`);
    expect(rows.map((r) => [r.type, r.deliveredAt !== null])).toEqual(Array.from(rows, (r) => [r.type, true]));
    expect(rows.length).toBe(events);
  }, WAIT);
}

/** Cards the hosted checkout put to its card provider in the shopper's sessions. */
async function cardsTriedInFrame(s: Shopper): Promise<number> {
  const sessions = await db().select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.customerId, s.id));
  if (sessions.length === 0) return 0;
  return (
    await db()
      .select()
      .from(checkoutCardAttempts)
      .where(
        inArray(
          checkoutCardAttempts.sessionId,
          sessions.map((r) => r.id),
        ),
      )
  ).length;
}

describe('a shopper over the card-attempt limit on one path', () => {
  it('is refused on every card path, from any address, and in a hosted checkout session opened before', async () => {
    const s = await createShopper(db());
    const home = newAddress();

    // Before the limit (4 attempts): a card saved at each card provider, and the embedded checkout opened.
    const nuvei = await call(s, home, 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, APPROVED) });
    expect(nuvei.status, JSON.stringify(nuvei.json)).toBe(200);
    const nuveiCard = (nuvei.json.data!.card as { userPaymentOptionId: string }).userPaymentOptionId;
    const stripe = await call(s, home, 'POST', '/v1/payment/stripe/payment-methods', { vaultToken: await tokenizeCard(t.app, APPROVED) });
    expect(stripe.status, JSON.stringify(stripe.json)).toBe(200);
    const stripeCard = (stripe.json.data!.paymentMethod as { userPaymentOptionId: string }).userPaymentOptionId;
    const square = await call(s, home, 'POST', '/v1/payment/square/cards', { sourceId: await tokenizeCard(t.app, APPROVED) });
    expect(square.status, JSON.stringify(square.json)).toBe(200);
    const squareCard = (square.json.data!.card as { userPaymentOptionId: string }).userPaymentOptionId;
    const order = await newOrder(s, home);
    const early = await openSession(s, home, order);
    expect(early.status, JSON.stringify(early.json)).toBe(200);
    const earlyKey = early.json.data!.sessionKey as string;

    // Declines, each from another address: the limit is the shopper's. 4 + 3 declines of 4 = 16, the limit.
    const declines = (PER_SHOPPER - 4) / DECLINE_WEIGHT;
    for (let i = 0; i < declines; i++) {
      const res = await call(s, newAddress(), 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.declined) });
      expect(res.status, JSON.stringify(res.json)).toBe(402);
    }
    expectLimited(
      await call(s, newAddress(), 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.declined) }),
      'a card check',
    );

    // Every other path, from addresses never seen before.
    const second = await newOrder(s, newAddress());
    const refusals: [string, Promise<Answer>][] = [
      [
        'a saved card',
        call(s, newAddress(), 'POST', '/v1/nuvei/init', {
          orderId: order,
          userPaymentOptionId: nuveiCard,
          cvvToken: await tokenizeCvv(t.app),
        }),
      ],
      [
        'a new card for the order',
        call(s, newAddress(), 'POST', '/v1/nuvei/init', { orderId: order, cardToken: await tokenizeCard(t.app, APPROVED) }),
      ],
      ["the cashier's page", call(s, newAddress(), 'POST', '/v1/nuvei/cashier', { orderId: order })],
      ['a saved Stripe card', call(s, newAddress(), 'POST', `/v1/payment/stripe/payment-intent/${stripeCard}?orderId=${order}`)],
      [
        'a card saved at Stripe',
        call(s, newAddress(), 'POST', '/v1/payment/stripe/payment-methods', { vaultToken: await tokenizeCard(t.app, APPROVED) }),
      ],
      [
        'a saved Square card',
        call(s, newAddress(), 'POST', '/v1/payment/square/create-payment', { orderId: order, savedCardId: squareCard }),
      ],
      [
        'a new Square card',
        call(s, newAddress(), 'POST', '/v1/payment/square/create-payment', {
          orderId: order,
          sourceId: await tokenizeCard(t.app, APPROVED),
        }),
      ],
      [
        'a card saved at Square',
        call(s, newAddress(), 'POST', '/v1/payment/square/cards', { sourceId: await tokenizeCard(t.app, APPROVED) }),
      ],
      ['a new hosted checkout session', openSession(s, newAddress(), second)],
      ['a new key for the session opened before', openSession(s, newAddress(), order)],
      ['the hosted checkout session opened before', payInFrame(earlyKey, newAddress(), await tokenizeCard(t.app, APPROVED))],
    ];
    for (const [what, answer] of refusals) expectLimited(await answer, what);

    // Nothing reached a provider: the orders are as they were, no card was put to the hosted checkout's provider.
    const rows = await db()
      .select()
      .from(payments)
      .where(inArray(payments.orderId, [order, second]));
    expect(rows.map((r) => [r.method, r.status])).toEqual([['embedded_checkout', 'challenge']]);
    expect(await cardsTriedInFrame(s)).toBe(0);
  }, 120_000);

  it("a decline on the cashier's page weighs as a decline", async () => {
    const s = await createShopper(db());
    const from = newAddress();
    // Each round: the page opened (1) and the card declined on it (3 more, told by the provider's notification).
    for (let round = 0; round < PER_SHOPPER / DECLINE_WEIGHT; round++) {
      const order = await newOrder(s, from);
      const opened = await call(s, from, 'POST', '/v1/nuvei/cashier', { orderId: order });
      expect(opened.status, JSON.stringify(opened.json)).toBe(200);
      const page = new URL(opened.json.data!.url as string, `http://127.0.0.1:${storePort}`);
      const paid = await fetch(`http://127.0.0.1:${storePort}${page.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: pageForm(page.toString(), { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.declined) }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      // Declined: the page sends the browser to the store's return for a failure (the cart, payment=failed).
      expect(paid.headers.get('location')).toContain('/api/v1/nuvei/cashier/return/failed/');
    }
    expectLimited(await call(s, from, 'POST', '/v1/nuvei/cashier', { orderId: await newOrder(s, from) }), "the cashier's page");
  }, 120_000);
});

describe('the hosted checkout', () => {
  it('each card it declines counts at the store; a new session for every cart gives no fresh attempts', async () => {
    const s = await createShopper(db());
    const from = newAddress();
    const decline = async (key: string) => payInFrame(key, from, await tokenizeCard(t.app, SANDBOX_CARDS.declined));

    // The first cart: the session (1) and the three declines it allows (3 x 4, told by the host's webhook).
    const first = await openSession(s, from, await newOrder(s, from));
    expect(first.status).toBe(200);
    const firstKey = first.json.data!.sessionKey as string;
    for (const final of [false, false, true]) {
      const res = await decline(firstKey);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ status: 'declined', final });
    }
    const [firstSession] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.customerId, s.id));
    // Three payment.card_declined, then the session's payment.declined.
    await storeHeardOf(firstSession!.id, 4);

    // The cart changes: a new order, a new session (14 of 16), one more card declined in it (18): over.
    const second = await openSession(s, from, await newOrder(s, from));
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    const secondKey = second.json.data!.sessionKey as string;
    expect((await decline(secondKey)).json).toMatchObject({ status: 'declined', final: false });
    const [secondSession] = await db()
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.customerId, s.id), eq(checkoutSessions.status, 'open')));
    await storeHeardOf(secondSession!.id, 1);

    // The session still open takes no more cards; nor does a new cart, nor any other path.
    expectLimited(await decline(secondKey), 'the session still open');
    expectLimited(await openSession(s, newAddress(), await newOrder(s, newAddress())), 'a session for a new cart');
    expectLimited(
      await call(s, newAddress(), 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, APPROVED) }),
      'a card check',
    );
    // Four cards in all reached the card provider, where the finding saw 33.
    expect(await cardsTriedInFrame(s)).toBe(4);
  }, 120_000);
});

describe('one address, many shoppers', () => {
  it('hits the per-address limit on every path; the same shopper elsewhere is not held up', async () => {
    const shared = newAddress();
    // Five shoppers, two declines each: 40 at the address, none of them near their own limit.
    for (let n = 0; n < PER_ADDRESS / (2 * DECLINE_WEIGHT); n++) {
      const tester = await createShopper(db());
      for (let i = 0; i < 2; i++) {
        const res = await call(tester, shared, 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.declined) });
        expect(res.status, JSON.stringify(res.json)).toBe(402);
      }
    }
    const next = await createShopper(db());
    const order = await newOrder(next, shared);
    const refusals: [string, Promise<Answer>][] = [
      ['a card check', call(next, shared, 'POST', '/v1/nuvei/init', { cardToken: await tokenizeCard(t.app, APPROVED) })],
      ["the cashier's page", call(next, shared, 'POST', '/v1/nuvei/cashier', { orderId: order })],
      ['a hosted checkout session', openSession(next, shared, order)],
      [
        'a card saved at Stripe',
        call(next, shared, 'POST', '/v1/payment/stripe/payment-methods', { vaultToken: await tokenizeCard(t.app, APPROVED) }),
      ],
      ['a card saved at Square', call(next, shared, 'POST', '/v1/payment/square/cards', { sourceId: await tokenizeCard(t.app, APPROVED) })],
    ];
    for (const [what, answer] of refusals) expectLimited(await answer, what);

    const elsewhere = await call(next, newAddress(), 'POST', '/v1/nuvei/cashier', { orderId: order });
    expect(elsewhere.status, JSON.stringify(elsewhere.json)).toBe(200);
  }, 120_000);
});
