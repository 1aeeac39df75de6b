// The bank account (ACH) purchase unit of `npm run bench` (ADR 011): add a pack, place the order, pay
// it from the shopper's linked bank account (POST v1/nuvei/payment/ach: the debit is pending), settle
// the debit through the sandbox's control (its signed notification reaches our webhook in-process and
// approves the payment), and wait until the order is fulfilled. Each shopper links its sandbox account
// once, through add_bank, the bank-linking page's form and saved-bank, in its first unit (the warm-up).
// Only with the sandbox (the default when no NUVEI_* variables are set).
import type { BenchShopper, UnitContext, UnitScenario } from './unit-types.ts';

const STARTER_POUCH = '10000000-0000-4000-8000-000000000001';
// README "Bank account (ACH)": links as "Sandbox Federal Bank"; its debits settle.
const SANDBOX_ROUTING = '011000015';
const SANDBOX_ACCOUNT = '1000000001';
/** How long a settled order may take to show fulfilled before the unit counts as failed. */
const FULFIL_WAIT_MS = 30_000;

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

// Each shopper's linked account (userPaymentOptionId), linked once.
const linked = new Map<string, Promise<string>>();

async function linkBankAccount(ctx: UnitContext, shopper: BenchShopper): Promise<string> {
  const started = (await api(ctx, shopper, 'POST', 'v1/nuvei/add_bank', {})) as { data?: { linkId?: string; url?: string } };
  const { linkId, url } = started.data ?? {};
  if (!linkId || !url) throw new Error('v1/nuvei/add_bank returned no bank-linking page');
  const page = new URL(url, ctx.baseUrl);
  const form = new URLSearchParams({
    secret: page.searchParams.get('secret') ?? '',
    routingNumber: SANDBOX_ROUTING,
    accountNumber: SANDBOX_ACCOUNT,
    accountType: 'checking',
  });
  const posted = await fetch(new URL(page.pathname, ctx.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (posted.status !== 303) throw new Error(`the bank-linking page answered ${posted.status}: ${(await posted.text()).slice(0, 200)}`);
  const saved = (await api(ctx, shopper, 'POST', 'v1/checkout/saved-bank', { linkId })) as { data?: { userPaymentOptionId?: string } };
  if (!saved.data?.userPaymentOptionId) throw new Error('v1/checkout/saved-bank returned no account');
  return saved.data.userPaymentOptionId;
}

function bankAccountOf(ctx: UnitContext, shopper: BenchShopper): Promise<string> {
  let account = linked.get(shopper.token);
  if (!account) {
    account = linkBankAccount(ctx, shopper);
    // A failed link is tried again by the shopper's next unit.
    account.catch(() => linked.delete(shopper.token));
    linked.set(shopper.token, account);
  }
  return account;
}

async function achPurchase(ctx: UnitContext, shopper: BenchShopper): Promise<void> {
  const userPaymentOptionId = await bankAccountOf(ctx, shopper);
  await api(ctx, shopper, 'POST', 'v1/cart', { itemId: STARTER_POUCH, quantity: 1, type: 'product' });
  const placed = (await api(ctx, shopper, 'POST', 'v1/checkout/placeorder', {})) as { order?: { _id?: string } };
  const orderId = placed.order?._id;
  if (!orderId) throw new Error(`placeorder returned no order: ${JSON.stringify(placed).slice(0, 200)}`);
  const paid = (await api(ctx, shopper, 'POST', 'v1/nuvei/payment/ach', { orderId, userPaymentOptionId })) as {
    data?: { status?: string; transactionId?: string };
  };
  if (paid.data?.status !== 'processing' || !paid.data.transactionId) {
    throw new Error(`the bank payment of order ${orderId} did not start: ${JSON.stringify(paid).slice(0, 200)}`);
  }
  // The sandbox's control, from the store's machine: settles the debit and notifies the webhook.
  const settled = (await fetch(`${ctx.baseUrl}/sandbox/ach/debits/${paid.data.transactionId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  }).then((res) => json(res, 'settle control'))) as { data?: { delivered?: number } };
  if (settled.data?.delivered !== 200) throw new Error(`the settlement of order ${orderId} was not accepted: ${JSON.stringify(settled)}`);
  const deadline = Date.now() + FULFIL_WAIT_MS;
  for (;;) {
    const order = (await api(ctx, shopper, 'GET', `v1/checkout/getorder?orderId=${orderId}`)) as { data?: { status?: string } };
    if (order.data?.status === 'fulfilled') return;
    if (order.data?.status !== 'paid' || Date.now() > deadline) {
      throw new Error(`order ${orderId} is ${order.data?.status} after its bank payment settled`);
    }
    // Paid, fulfilment still running: ask again on the next turn of the event loop.
    await new Promise((r) => setImmediate(r));
  }
}

export const ACH_PURCHASE: UnitScenario = {
  name: 'bank (ACH) purchase: order + debit + settle + fulfil (units/s)',
  run: achPurchase,
};
