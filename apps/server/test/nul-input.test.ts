// A NUL character (U+0000) anywhere in a request's input is a 400 naming the field, before any handler
// runs: PostgreSQL cannot store it, so without the guard these were 500s.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { addToCart, as, createShopper, STARTER_POUCH, type Shopper } from './support/checkout.ts';
import { signupBody, uniqueEmail } from './support/auth.ts';

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await createShopper(t.app.db);
  await addToCart(t.app, shopper, STARTER_POUCH, 2);
});
afterAll(() => t.close());

const TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'mailbox',
  'carts',
  'cart_items',
  'orders',
  'order_items',
  'payments',
  'saved_cards',
  'coupon_redemptions',
  'ledger_entries',
];

/** Row counts of the tables a request could change, plus the shopper's cart as the API shows it. */
async function snapshot() {
  const counts: Record<string, number> = {};
  await t.database.rawTransaction(async (q) => {
    for (const table of TABLES) counts[table] = (await q.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  });
  const cart = await as(t.app, shopper, { method: 'GET', url: '/api/v1/cart' });
  return { counts, cart: cart.json().data };
}

const signedIn = (opts: InjectOptions) => as(t.app, shopper, opts);
const guest = (opts: InjectOptions) => t.app.inject(opts);

// [what, request, where, field]
const cases: [string, () => ReturnType<typeof guest>, string, string][] = [
  [
    'sign-up name',
    () => guest({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(uniqueEmail('nul'), { firstname: 'A\u0000' }) }),
    'body',
    'firstname',
  ],
  ['product id', () => guest({ method: 'GET', url: '/api/v1/admin/product/eachProduct/a%00b' }), 'params', 'id'],
  ['gift card id', () => guest({ method: 'GET', url: '/api/v1/admin/gift-card/%00' }), 'params', 'id'],
  ['mailbox API filter', () => guest({ method: 'GET', url: '/api/dev/mailbox?to=a%00b' }), 'querystring', 'to'],
  ['mailbox page filter', () => guest({ method: 'GET', url: '/mailbox?to=a%00b' }), 'querystring', 'to'],
  ['mailbox page id', () => guest({ method: 'GET', url: '/mailbox/a%00b' }), 'params', 'id'],
  ['cart item to remove', () => signedIn({ method: 'DELETE', url: '/api/v1/cart/a%00b' }), 'params', 'itemId'],
  [
    'cart item to add',
    () => signedIn({ method: 'POST', url: '/api/v1/cart', payload: { itemId: 'a\u0000b', quantity: 1 } }),
    'body',
    'itemId',
  ],
  ['coupon', () => signedIn({ method: 'GET', url: '/api/v1/cart/apply-coupon/a%00b' }), 'params', 'coupon'],
  ['buy-now item', () => signedIn({ method: 'POST', url: '/api/v1/checkout/buy/a%00b' }), 'params', 'id'],
  ['order id query', () => signedIn({ method: 'GET', url: '/api/v1/checkout/getorder?orderId=a%00b' }), 'querystring', 'orderId'],
  [
    'card payment order',
    () => signedIn({ method: 'POST', url: '/api/v1/nuvei/init', payload: { orderId: '\u0000', cardToken: 'tok_x' } }),
    'body',
    'orderId',
  ],
  ['saved card id', () => signedIn({ method: 'DELETE', url: '/api/v1/nuvei/cards/a%00b' }), 'params', 'id'],
  [
    'nested body value',
    () => signedIn({ method: 'POST', url: '/api/v1/cart', payload: { itemId: STARTER_POUCH, quantity: 1, extra: [{ note: 'x\u0000' }] } }),
    'body',
    'extra.0.note',
  ],
  [
    'body key',
    () => signedIn({ method: 'POST', url: '/api/v1/cart', payload: { itemId: STARTER_POUCH, quantity: 1, 'a\u0000': 1 } }),
    'body',
    'a\\u0000',
  ],
  ['query key', () => guest({ method: 'GET', url: '/api/v1/settings?a%00=1' }), 'querystring', 'a\\u0000'],
  [
    'provider notification',
    () => guest({ method: 'POST', url: '/api/v1/nuvei/notify', payload: { orderId: 'a\u0000' } }),
    'body',
    'orderId',
  ],
];

describe('NUL characters in input', () => {
  it.each(cases)('%s: 400 naming the field, nothing changed', async (_what, send, where, field) => {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      field,
      message: `Invalid ${where === 'body' ? '' : where + ' '}field '${field}': must not contain a NUL character`,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('leaves clean input alone: the same calls without the NUL reach their handlers', async () => {
    expect((await guest({ method: 'GET', url: '/api/v1/admin/product/eachProduct/ab' })).statusCode).toBe(404);
    expect((await guest({ method: 'GET', url: '/api/dev/mailbox?to=ab' })).statusCode).toBe(200);
    expect((await signedIn({ method: 'GET', url: '/api/v1/checkout/getorder?orderId=ab' })).statusCode).toBe(404);
    // Other control characters are ordinary text.
    expect((await guest({ method: 'GET', url: '/api/v1/admin/gift-card/a%01b' })).statusCode).toBe(404);
  });

  it('does not turn an unknown path into a 400', async () => {
    const res = await guest({ method: 'GET', url: '/api/v1/nope%00' });
    expect(res.statusCode).toBe(404);
  });
});
