// The Stripe purchase unit of `npm run bench` (ADR 012): add a pack, place the order, pay it with the
// shopper's saved Stripe card through POST v1/payment/stripe/payment-intent/{pm}?orderId= (the `stripe`
// package calls the built-in Stripe sandbox over loopback HTTP: customer lookup, payment method, payment
// intent), and check the order ends fulfilled. The card is saved once per bench shopper (tokenized at
// the vault, then POST v1/payment/stripe/payment-methods), as a returning shopper's would be. Only with
// the sandbox (the default when STRIPE_SECRET_KEY is not set).
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';
import { vaultToken } from './vault-token.ts';

const STARTER_POUCH = '10000000-0000-4000-8000-000000000001';
// Stripe's test Visa: the sandbox approves it without 3-D Secure (providers/payments/stripe/test-cards.ts).
const STRIPE_VISA = '4242424242424242';

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

/** Each bench shopper's saved Stripe card (pm_…), saved on its first unit. */
const savedCards = new Map<string, Promise<string>>();

async function saveCard(ctx: UnitContext, shopper: BenchShopper): Promise<string> {
  const token = await vaultToken(ctx, shopper, { kind: 'card', number: STRIPE_VISA, expiry: '12/34', cvv: '123' });
  const saved = (await api(ctx, shopper, 'POST', 'v1/payment/stripe/payment-methods', { vaultToken: token })) as {
    data?: { paymentMethod?: { userPaymentOptionId?: string } };
  };
  const id = saved.data?.paymentMethod?.userPaymentOptionId;
  if (!id) throw new Error(`saving the Stripe card returned no id: ${JSON.stringify(saved).slice(0, 200)}`);
  return id;
}

async function stripePurchase(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  let card = savedCards.get(shopper.token);
  if (!card) {
    card = saveCard(ctx, shopper);
    savedCards.set(shopper.token, card);
    card.catch(() => savedCards.delete(shopper.token));
  }
  const pm = await card;
  await api(ctx, shopper, 'POST', 'v1/cart', { itemId: STARTER_POUCH, quantity: 1, type: 'product' });
  const placed = (await api(ctx, shopper, 'POST', 'v1/checkout/placeorder', {})) as { order?: { _id?: string } };
  const orderId = placed.order?._id;
  if (!orderId) throw new Error(`placeorder returned no order: ${JSON.stringify(placed).slice(0, 200)}`);
  const paid = (await api(ctx, shopper, 'POST', `v1/payment/stripe/payment-intent/${pm}?orderId=${encodeURIComponent(orderId)}`)) as {
    data?: { status?: string; orderStatus?: string };
  };
  if (paid.data?.status !== 'approved' || paid.data.orderStatus !== 'fulfilled')
    throw new Error(`Stripe payment of order ${orderId} did not end fulfilled: ${JSON.stringify(paid).slice(0, 200)}`);
}

export const STRIPE_PURCHASE: UnitScenario = { name: 'Stripe purchase: order + saved Stripe card + fulfil (units/s)', run: stripePurchase };
