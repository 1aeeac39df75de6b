// The cashier purchase unit of `npm run bench` (ADR 014): add a pack, place the order, open the card
// provider's hosted page for it (POST v1/nuvei/cashier), tokenize the card at the vault as the page's
// field does, pay on the sandbox's page (its notification reaches our webhook in-process), and check
// the order is fulfilled. Only with the sandbox (the default when no NUVEI_* variables are set).
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';
import { vaultToken } from './vault-token.ts';

const STARTER_POUCH = '10000000-0000-4000-8000-000000000001';
const FRICTIONLESS_CARD = '4111111111111111';

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

async function cashierPurchase(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  await api(ctx, shopper, 'POST', 'v1/cart', { itemId: STARTER_POUCH, quantity: 1, type: 'product' });
  const placed = (await api(ctx, shopper, 'POST', 'v1/checkout/placeorder', {})) as { order?: { _id?: string } };
  const orderId = placed.order?._id;
  if (!orderId) throw new Error(`placeorder returned no order: ${JSON.stringify(placed).slice(0, 200)}`);
  const opened = (await api(ctx, shopper, 'POST', 'v1/nuvei/cashier', { orderId })) as { data?: { url?: string } };
  if (!opened.data?.url) throw new Error('v1/nuvei/cashier returned no page');
  const page = new URL(opened.data.url, ctx.baseUrl);
  const cardToken = await vaultToken(ctx, shopper, { kind: 'card', number: FRICTIONLESS_CARD, expiry: '12/34', cvv: '123' });
  const form = new URLSearchParams({ secret: page.searchParams.get('secret') ?? '', action: 'pay', card: 'new', cardToken });
  const paid = await fetch(new URL(page.pathname, ctx.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  // The page sends the browser to the store's return route (its success_url), which sends it on to the receipt.
  const back = paid.headers.get('location') ?? '';
  if (paid.status !== 303 || !back.includes('/cashier/return/success/'))
    throw new Error(`the cashier page answered ${paid.status} → ${back}`);
  const returned = await fetch(new URL(new URL(back).pathname, ctx.baseUrl), { redirect: 'manual' });
  const receipt = returned.headers.get('location') ?? '';
  if (returned.status !== 303 || !receipt.includes('/payment-success?'))
    throw new Error(`the return route answered ${returned.status} → ${receipt}`);
  const order = (await api(ctx, shopper, 'GET', `v1/checkout/getorder?orderId=${orderId}`)) as { data?: { status?: string } };
  if (order.data?.status !== 'fulfilled') throw new Error(`order ${orderId} is ${order.data?.status} after the cashier's approval`);
}

export const CASHIER_PURCHASE: UnitScenario = { name: 'cashier purchase: order + hosted page + fulfil (units/s)', run: cashierPurchase };
