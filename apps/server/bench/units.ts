// Multi-request scenarios of `npm run bench`: each "unit" is a sequence of calls a shopper makes, timed
// as one. Every worker owns a shopper of its own (so carts never collide) and runs units back to back;
// a unit that gets an unexpected answer throws, and run.ts counts it as a failure.

import { ACH_PURCHASE } from './ach-unit.ts';
import { CASHIER_PURCHASE } from './cashier-unit.ts';
import { RECORDING_BATCHES } from './recording-unit.ts';
import { SQUARE_PURCHASE } from './square-unit.ts';
import { STRIPE_PURCHASE } from './stripe-unit.ts';
import { WIN_CREDIT } from './wallet-unit.ts';
import { vaultToken } from './vault-token.ts';

import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';

// Starter catalogue: Starter Pouch, $4.99, 500 coins (modules/catalog/starter-catalog.ts).
const STARTER_POUCH = '10000000-0000-4000-8000-000000000001';
// The sandbox approves this card without 3-D Secure (providers/payments/nuvei/sandbox/test-cards.ts).
const FRICTIONLESS_CARD = '4111111111111111';
// A cart line holds at most 100; the cart unit empties the line before it gets there.
const CART_LINE_RESET_AT = 90;

type Json = Record<string, unknown> & { success?: boolean; message?: string };

async function call(
  url: string,
  init: { method: string; token?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Json> {
  const res = await fetch(url, {
    method: init.method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'x-auth-token': init.token } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method} ${new URL(url).pathname} → ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Json;
}

const api = (ctx: UnitContext, shopper: BenchShopper, method: string, path: string, body?: unknown) =>
  call(`${ctx.baseUrl}/api/${path}`, { method, token: shopper.token, body });

const addPouch = (ctx: UnitContext, shopper: BenchShopper) =>
  api(ctx, shopper, 'POST', 'v1/cart', { itemId: STARTER_POUCH, quantity: 1, type: 'product' });

interface CartJson {
  data?: { items?: { itemId: { _id: string }; quantity: number }[] };
}

/** POST v1/cart then GET v1/cart, checking the cart shows the item. */
async function addToCartAndGet(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  await addPouch(ctx, shopper);
  const cart = (await api(ctx, shopper, 'GET', 'v1/cart')) as CartJson;
  const line = cart.data?.items?.find((i) => i.itemId._id === STARTER_POUCH);
  if (!line) throw new Error(`GET v1/cart does not show the item just added: ${JSON.stringify(cart).slice(0, 200)}`);
  // One DELETE every ~90 units keeps the line under the 100 limit; it is part of the unit it follows.
  if (line.quantity >= CART_LINE_RESET_AT) await api(ctx, shopper, 'DELETE', `v1/cart/${STARTER_POUCH}`);
}

/**
 * A whole purchase: add a pack, place the order, tokenize the card at the vault (as the hosted field
 * does, from the store's origin), pay with it. For a frictionless card v1/nuvei/init answers after the
 * order is paid and fulfilled (coins credited, cart cleared), so the unit ends with the order done.
 */
async function fullPurchase(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  await addPouch(ctx, shopper);
  const placed = (await api(ctx, shopper, 'POST', 'v1/checkout/placeorder', {})) as { order?: { _id?: string } };
  const orderId = placed.order?._id;
  if (!orderId) throw new Error(`placeorder returned no order: ${JSON.stringify(placed).slice(0, 200)}`);
  const cardToken = await vaultToken(ctx, shopper, { kind: 'card', number: FRICTIONLESS_CARD, expiry: '12/34', cvv: '123' });
  // Not saved: the answer carries no card (ADR 004), only the order's status.
  const paid = (await api(ctx, shopper, 'POST', 'v1/nuvei/init', { orderId, cardToken })) as { data?: { orderStatus?: string } };
  if (paid.data?.orderStatus !== 'fulfilled') {
    throw new Error(`payment of order ${orderId} did not end fulfilled: ${JSON.stringify(paid).slice(0, 200)}`);
  }
}

export const UNIT_SCENARIOS: UnitScenario[] = [
  { name: 'add to cart + get cart (units/s)', run: addToCartAndGet },
  { name: 'full purchase: order + card + fulfil (units/s)', run: fullPurchase },
  CASHIER_PURCHASE,
  SQUARE_PURCHASE,
  STRIPE_PURCHASE,
  ACH_PURCHASE,
  WIN_CREDIT,
  RECORDING_BATCHES,
];
