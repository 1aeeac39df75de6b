// What the shopper may pay with (issue 9): GET v1/payment/allowed-providers, and the refusals the
// payments core answers whatever the client sends (ADR 004).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allowedProvidersResponse, PAYMENT_METHOD_KINDS } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { orders, payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { getCards, init, orderStatus, paymentFirst, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { savePurchaseSettings, STARTER_PURCHASE_SETTINGS, type PurchaseSettings } from '../settings/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());
afterEach(() => savePurchaseSettings(t.database.db, STARTER_PURCHASE_SETTINGS));

const db = () => t.database.db;
const settingsWith = (patch: Partial<PurchaseSettings>) => savePurchaseSettings(db(), { ...STARTER_PURCHASE_SETTINGS, ...patch });
const allFalse = Object.fromEntries(PAYMENT_METHOD_KINDS.map((k) => [k, false]));
// Every method kind has its built-in sandbox (card, bank account, cashier, Stripe, Cash App, Square).
const SANDBOX_SERVES = Object.fromEntries(PAYMENT_METHOD_KINDS.map((k) => [k, true]));

async function allowed(s: Shopper) {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/payment/allowed-providers' });
  expect(res.statusCode, res.body).toBe(200);
  return allowedProvidersResponse.parse(res.json()).data.data.allowedPayment;
}

describe('GET /api/v1/payment/allowed-providers', () => {
  it('allows every kind a registered sandbox serves', async () => {
    expect(t.app.paymentProviders.forMethod('card')?.name).toBe('nuvei-sandbox');
    for (const kind of PAYMENT_METHOD_KINDS) expect(t.app.paymentProviders.forMethod(kind), kind).toBeDefined();
    expect(await allowed(await createShopper(db(), { state: 'TX' }))).toEqual(SANDBOX_SERVES);
    // No state on the profile: allowed (ADR 004). A state given by name counts as its code.
    expect(await allowed(await createShopper(db()))).toEqual(SANDBOX_SERVES);
    expect(await allowed(await createShopper(db(), { state: 'new york' }))).toEqual(SANDBOX_SERVES);
  });

  it('answers all false to a shopper whose state is not whitelisted', async () => {
    expect(await allowed(await createShopper(db(), { state: 'WA' }))).toEqual(allFalse);
    expect(await allowed(await createShopper(db(), { state: 'Idaho' }))).toEqual(allFalse);
    expect(await allowed(await createShopper(db(), { state: 'XX' }))).toEqual(allFalse);
    await settingsWith({ whitelistedStates: ['WA'] });
    expect(await allowed(await createShopper(db(), { state: 'WA' }))).toEqual(SANDBOX_SERVES);
    expect(await allowed(await createShopper(db(), { state: 'TX' }))).toEqual(allFalse);
  });

  it('judges only a US address by its state: a province of another country is no unknown US state', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const edit = (address: Record<string, string>) =>
      as(t.app, s, {
        method: 'PUT',
        url: '/api/v1/user/profile',
        payload: { firstname: 'Jo', lastname: 'North', address: { street: '290 Bremner Blvd', city: 'Toronto', ...address } },
      });
    expect((await edit({ state: 'Ontario', zipCode: 'M5V 3L9', country: 'CA' })).statusCode).toBe(200);
    expect(await allowed(s)).toEqual(SANDBOX_SERVES);
    expect((await edit({ state: 'WA', zipCode: '98101', country: 'US' })).statusCode).toBe(200);
    expect(await allowed(s)).toEqual(allFalse);
  });

  it('answers false for a method kind the settings disable', async () => {
    await settingsWith({ enabledPaymentMethods: ['card', 'bank_account'] });
    expect(await allowed(await createShopper(db(), { state: 'TX' }))).toEqual({ ...allFalse, card: true, bank_account: true });
  });

  it('answers a guest 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/allowed-providers' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a payment the shopper may not make', () => {
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));

  /** Pays the shopper's new order with a fresh frictionless card and checks nothing changed on refusal. */
  async function expectRefused(s: Shopper, status: number, code: string, message: string | RegExp) {
    const order = await pendingOrder(t.app, s);
    const before = await orderRow(order._id);
    const book = await db().select().from(sandboxTransactions);
    const res = await init(t.app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
      saveCard: true,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code, message });
    expect(await paymentsOf(order._id)).toEqual([]);
    expect(await orderRow(order._id)).toEqual(before);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await db().select().from(sandboxTransactions)).toEqual(book);
    expect(await getCards(t.app, s)).toEqual([]);
    return order;
  }

  it('refuses a shopper in Washington with 403 STATE_NOT_ALLOWED; nothing is written', async () => {
    await expectRefused(await createShopper(db(), { state: 'WA' }), 403, 'STATE_NOT_ALLOWED', 'Purchases are not available in your state.');
  });

  it('refuses saving a card (no order) from a state not whitelisted too', async () => {
    const s = await createShopper(db(), { state: 'ID' });
    const res = await init(t.app, s, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'STATE_NOT_ALLOWED' });
    expect(await getCards(t.app, s)).toEqual([]);
  });

  it('refuses a method kind the settings disable with 403 PAYMENT_METHOD_NOT_ALLOWED; nothing is written', async () => {
    await settingsWith({ enabledPaymentMethods: ['saved_card'] });
    const s = await createShopper(db(), { state: 'TX' });
    await expectRefused(s, 403, 'PAYMENT_METHOD_NOT_ALLOWED', /not allowed/);
    // Saving a card without paying is refused the same way.
    const saved = await init(t.app, s, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(saved.statusCode, saved.body).toBe(403);
    expect(saved.json()).toMatchObject({ code: 'PAYMENT_METHOD_NOT_ALLOWED' });
  });

  it('asks the rules again at step 2: a state no longer whitelisted is refused there, the attempt left as it was', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const order = await pendingOrder(t.app, s);
    const step1 = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.challenge) });
    expect(step1.statusCode, step1.body).toBe(200);
    const { transactionId, paymentOption } = step1.json().data;
    await settingsWith({ whitelistedStates: STARTER_PURCHASE_SETTINGS.whitelistedStates.filter((code) => code !== 'TX') });
    const book = await db().select().from(sandboxTransactions);
    const step2 = await paymentFirst(t.app, s, {
      orderId: order._id,
      version: paymentOption.card.threeD.version,
      relatedTransactionId: transactionId,
    });
    expect(step2.statusCode, step2.body).toBe(403);
    expect(step2.json()).toMatchObject({ code: 'STATE_NOT_ALLOWED' });
    expect(await paymentsOf(order._id)).toMatchObject([{ status: 'initiated', transactionId }]);
    expect(await db().select().from(sandboxTransactions)).toEqual(book);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it('lets a whitelisted shopper pay as before, and the refused order once the state is allowed', async () => {
    const s = await createShopper(db(), { state: 'WA' });
    const order = await expectRefused(s, 403, 'STATE_NOT_ALLOWED', 'Purchases are not available in your state.');
    await settingsWith({ whitelistedStates: [...STARTER_PURCHASE_SETTINGS.whitelistedStates, 'WA'] });
    const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orderStatus).toBe('fulfilled');
    expect(await paymentsOf(order._id)).toMatchObject([{ status: 'approved', method: 'card' }]);

    const texan = await createShopper(db(), { state: 'TX' });
    const other = await pendingOrder(t.app, texan);
    const paid = await init(t.app, texan, { orderId: other._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.orderStatus).toBe('fulfilled');
  });
});

it('documents GET /api/v1/payment/allowed-providers in /api/docs', async () => {
  const res = await t.app.inject({ url: '/api/docs/json' });
  const { paths } = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
  expect(paths['/api/v1/payment/allowed-providers']?.get?.description).toBeTruthy();
});

describe('card routing: which kind takes a new card (issue 24)', () => {
  async function cardRoute(s: Shopper) {
    const res = await as(t.app, s, { method: 'GET', url: '/api/v1/payment/allowed-providers' });
    expect(res.statusCode, res.body).toBe(200);
    return allowedProvidersResponse.parse(res.json()).data.data.cardRoute;
  }

  it("answers the routing's primary, its fallback when the primary is disabled, and null when neither is allowed", async () => {
    const s = await createShopper(db(), { state: 'TX' });
    expect(await cardRoute(s)).toBe('card');
    await settingsWith({ cardRouting: { primary: 'square_card', fallback: 'card' } });
    expect(await cardRoute(s)).toBe('square_card');
    await settingsWith({
      cardRouting: { primary: 'square_card', fallback: 'cashier' },
      enabledPaymentMethods: PAYMENT_METHOD_KINDS.filter((kind) => kind !== 'square_card'),
    });
    expect(await cardRoute(s)).toBe('cashier');
    await settingsWith({ cardRouting: { primary: 'stripe_card', fallback: null }, enabledPaymentMethods: ['card', 'bank_account'] });
    expect(await cardRoute(s)).toBeNull();
    expect(await cardRoute(await createShopper(db(), { state: 'WA' }))).toBeNull();
  });

  it('sends new cards to the fallback after three payments the primary did not answer, and back after one it answers', async () => {
    await settingsWith({ cardRouting: { primary: 'card', fallback: 'stripe_card' } });
    const s = await createShopper(db(), { state: 'TX' });
    // Each payment by a shopper of its own: a fault leaves that order's attempt for the reconciliation.
    const payWith = async (card: string) => {
      const payer = await createShopper(db(), { state: 'TX' });
      const order = await pendingOrder(t.app, payer);
      return init(t.app, payer, { orderId: order._id, cardToken: await tokenizeCard(t.app, card) });
    };
    for (let fault = 1; fault <= 3; fault++) {
      expect(await cardRoute(s), `before fault ${fault}`).toBe('card');
      const res = await payWith(SANDBOX_CARDS.gatewayDown);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    }
    expect(await cardRoute(s)).toBe('stripe_card');
    // A fallback that is not allowed is no way out: the primary stays.
    await settingsWith({ cardRouting: { primary: 'card', fallback: 'stripe_card' }, enabledPaymentMethods: ['card', 'saved_card'] });
    expect(await cardRoute(s)).toBe('card');
    await settingsWith({ cardRouting: { primary: 'card', fallback: 'stripe_card' } });
    expect(await cardRoute(s)).toBe('stripe_card');
    // Nuvei still takes a payment sent to it (saved cards stay payable); its answer ends the outage.
    const answered = await payWith(SANDBOX_CARDS.frictionless);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await cardRoute(s)).toBe('card');
  });

  it('refuses a routing whose fallback is its primary, or a kind that takes no card, naming the field', async () => {
    const admin = await createAdmin(db());
    const current = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/settings' });
    expect(current.statusCode, current.body).toBe(200);
    const { store, purchases, cashout, version } = current.json().data;
    for (const [cardRouting, path] of [
      [{ primary: 'card', fallback: 'card' }, 'purchases.cardRouting.fallback'],
      [{ primary: 'bank_account', fallback: null }, 'purchases.cardRouting.primary'],
    ] as const) {
      const res = await as(t.app, admin, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        payload: { store, purchases: { ...purchases, cardRouting }, cashout, version },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(path);
    }
    const saved = await as(t.app, admin, {
      method: 'PUT',
      url: '/api/v1/admin/settings',
      payload: { store, purchases: { ...purchases, cardRouting: { primary: 'square_card', fallback: null } }, cashout, version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await cardRoute(await createShopper(db(), { state: 'TX' }))).toBe('square_card');
  });
});
