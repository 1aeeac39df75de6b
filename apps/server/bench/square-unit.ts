// The Square purchase unit of `npm run bench` (ADR 013): add a pack, place the order, tokenize the card
// at the vault as the sandbox's card field does, pay with POST v1/payment/square/create-payment (the
// `square` SDK calls the built-in Square sandbox over loopback HTTP: customer, payment), and check the
// order ends fulfilled. Only with the sandbox (the default when SQUARE_ACCESS_TOKEN is not set).
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';
import { vaultToken } from './vault-token.ts';

const STARTER_POUCH = '10000000-0000-4000-8000-000000000001';
// The Square sandbox approves it (providers/payments/square/sandbox/test-cards.ts).
const SQUARE_VISA = '4111111111111111';

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} → ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const api = (ctx: UnitContext, shopper: BenchShopper, method: string, path: string, body?: unknown) =>
  fetch(`${ctx.baseUrl}/api/${path}`, {
    method,
    headers: { 'x-auth-token': shopper.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((res) => json(res, `${method} ${path}`));

async function squarePurchase(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  await api(ctx, shopper, 'POST', 'v1/cart', { itemId: STARTER_POUCH, quantity: 1, type: 'product' });
  const placed = (await api(ctx, shopper, 'POST', 'v1/checkout/placeorder', {})) as { order?: { _id?: string } };
  const orderId = placed.order?._id;
  if (!orderId) throw new Error(`placeorder returned no order: ${JSON.stringify(placed).slice(0, 200)}`);
  const sourceId = await vaultToken(ctx, shopper, { kind: 'card', number: SQUARE_VISA, expiry: '12/34', cvv: '123' });
  const paid = (await api(ctx, shopper, 'POST', 'v1/payment/square/create-payment', { orderId, sourceId })) as {
    data?: { status?: string; orderStatus?: string };
  };
  if (paid.data?.status !== 'approved' || paid.data.orderStatus !== 'fulfilled')
    throw new Error(`Square payment of order ${orderId} did not end fulfilled: ${JSON.stringify(paid).slice(0, 200)}`);
}

export const SQUARE_PURCHASE: UnitScenario = { name: 'Square purchase: order + Square card + fulfil (units/s)', run: squarePurchase };
