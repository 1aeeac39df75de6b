// The card provider's cashier through the API and the sandbox's hosted page (issue 9, ADR 014):
// POST v1/nuvei/cashier answers the page; the page, driven over HTTP as its form posts, charges a test
// card, notifies our webhook and sends the shopper back; the shared core fulfils the order once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/support/test-app.ts';
import { as, createShopper, expectLedgerBalanced, ledgerSumForOrder, type Shopper } from '../../../../../test/support/checkout.ts';
import { onPage, startCashier, wentOnTo } from '../../../../../test/support/cashier.ts';
import { deleteMethod, listMethods } from '../../../../../test/support/stripe.ts';
import { orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../../test/support/vault.ts';
import { payments } from '../../../../db/schema.ts';
import { cashierSandboxSessions } from '../../../../db/sandbox-schema.ts';
import type { CashierSandbox } from './sandbox/gateway.ts';
import { CASHIER_SIGNATURE_HEADER, signCashierNotification, type CashierNotification } from './sandbox/notification.ts';
import { listCashierCards } from './saved-cashier-cards.ts';

const WEBHOOK_SECRET = 'cashier-test-webhook-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET }, { seedDemo: false });
});
afterAll(async () => {
  await t.close();
});

const sandbox = () => t.app.paymentProviders.get('nuvei-cashier-sandbox') as CashierSandbox;

async function openCashier(s: Shopper, orderId: string): Promise<{ url: string; transactionId: string }> {
  const res = await startCashier(t.app, s, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const coins = async (s: Shopper): Promise<number> => {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/getuser' });
  expect(res.statusCode).toBe(200);
  return res.json().data.coins.purchasedWallet;
};

const paymentsOf = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));

const notify = (body: CashierNotification, signature = signCashierNotification(WEBHOOK_SECRET, body)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/nuvei/notify',
    headers: { [CASHIER_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** Whether a new cashier page of the shopper's (for a new order) offers the saved card. */
async function pageOffers(s: Shopper, upo: string): Promise<boolean> {
  const order = await pendingOrder(t.app, s);
  const { url } = await openCashier(s, order._id);
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  await onPage(t.app, url, 'cancel');
  return page.body.includes(upo);
}

/** The page's secret and id from its URL. */
const pageOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return { pageId: u.pathname.split('/').at(-1)!, secret: u.searchParams.get('secret')! };
};

describe('POST v1/nuvei/cashier', () => {
  it("answers the sandbox's hosted page for the order; the page shows the amount", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { url, transactionId } = await openCashier(s, order._id);
    expect(url).toMatch(/^\/sandbox\/cashier\/[0-9a-f]{24}\?secret=[A-Za-z0-9_-]{43}&merchant_id=/);
    const [row] = await paymentsOf(order._id);
    expect(row).toMatchObject({ method: 'cashier', provider: 'nuvei-cashier-sandbox', status: 'challenge', transactionId });
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-src ${t.app.vault.origin()}`);
    expect(page.body).toContain('$4.99');
    // The card is typed into the vault's hosted field, which the page's script frames.
    expect(page.body).toContain('<script src="/sandbox/cashier/page.js">');
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/cashier/page.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('/fields/card-number?origin=');
    // Without its secret, or with another, the page is unknown.
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url.split('?')[0]}?secret=${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it("answers only on the store's machine (a demo door)", async () => {
    const s = await createShopper(t.database.db);
    const { url } = await openCashier(s, (await pendingOrder(t.app, s))._id);
    const remote = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(remote.statusCode).toBe(403);
  });

  it("refuses another shopper's order (404), a paid order (409) and a body without orderId (400), changing nothing", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, owner);
    const stranger = await startCashier(t.app, other, { orderId: order._id });
    expect(stranger.statusCode).toBe(404);
    expect(await paymentsOf(order._id)).toHaveLength(0);
    const bad = await startCashier(t.app, owner, { order: order._id });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/orderId/);
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/v1/nuvei/cashier', payload: { orderId: order._id } });
    expect(unauthenticated.statusCode).toBe(401);

    const { url } = await openCashier(owner, order._id);
    const paid = await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(paid.statusCode).toBe(303);
    const again = await startCashier(t.app, owner, { orderId: order._id });
    expect(again.statusCode).toBe(409);
    expect(await paymentsOf(order._id)).toHaveLength(1);
  });
});

describe("the sandbox's hosted page", () => {
  it('approve: notified, the order fulfilled once, the coins credited, the shopper sent to /payment-success', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const before = await coins(s);
    const { url } = await openCashier(s, order._id);
    const res = await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(res.statusCode).toBe(303);
    expect(await wentOnTo(t.app, res)).toBe(`/payment-success?orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await coins(s)).toBe(before + order.coins + order.bonusCoins);
    const [row] = await paymentsOf(order._id);
    expect(row!.status).toBe('approved');
    expect(row!.transactionId).toMatch(/^\d{18}$/);
    await expectLedgerBalanced(t.database.db, order._id);
    // Not saved: the box was not ticked.
    expect(await listCashierCards(t.database.db, s.id)).toEqual([]);
    // The page is used up.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const second = await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(second.statusCode).toBe(404);
    expect(await ledgerSumForOrder(t.database.db, order._id)).toBe(order.coins + order.bonusCoins);
  });

  it('decline and insufficient funds: the order fails, no coins, the shopper sent back with the failure', async () => {
    for (const [number, reason] of [
      [SANDBOX_CARDS.declined, 'Do not honor'],
      [SANDBOX_CARDS.insufficientFunds, 'Insufficient funds'],
    ] as const) {
      const s = await createShopper(t.database.db);
      const order = await pendingOrder(t.app, s);
      const { url } = await openCashier(s, order._id);
      const res = await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, number), saveCard: true });
      expect(res.statusCode).toBe(303);
      expect(await wentOnTo(t.app, res)).toBe(`/cart?payment=failed&orderId=${order._id}`);
      expect(await orderStatus(t.app, s, order._id)).toBe('failed');
      expect(await coins(s)).toBe(0);
      expect((await paymentsOf(order._id)).map((p) => [p.status, p.declineReason])).toEqual([['declined', reason]]);
      // A declined card is not kept.
      expect(await listCashierCards(t.database.db, s.id)).toEqual([]);
    }
  });

  it('cancel: nothing charged, back to the pay page; the order can be paid again', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { url } = await openCashier(s, order._id);
    const res = await onPage(t.app, url, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(await wentOnTo(t.app, res)).toBe(`/add-card/${order._id}?cashier=canceled`);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect(await coins(s)).toBe(0);
    // A new visit supersedes the attempt left at the page, and pays.
    const next = await openCashier(s, order._id);
    expect((await onPage(t.app, next.url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) })).statusCode).toBe(303);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await paymentsOf(order._id)).map((p) => p.status).sort()).toEqual(['approved', 'failed']);
  });

  it('a card saved on the page is listed, offered on the next page, pays again, and only its owner removes it', async () => {
    const s = await createShopper(t.database.db);
    const first = await pendingOrder(t.app, s);
    const { url } = await openCashier(s, first._id);
    await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless, '11/33'), saveCard: true });
    const cards = await listCashierCards(t.database.db, s.id);
    expect(cards).toEqual([
      { userPaymentOptionId: expect.stringMatching(/^cupo_/), brand: 'visa', last4: '1111', expMonth: 11, expYear: 2033 },
    ]);
    const upo = cards[0]!.userPaymentOptionId;

    const second = await pendingOrder(t.app, s);
    const next = await openCashier(s, second._id);
    const page = await t.app.inject({ method: 'GET', url: next.url });
    expect(page.body).toContain(`value="${upo}"`);
    expect(page.body).toContain('•••• 1111');
    const paid = await onPage(t.app, next.url, { card: upo });
    expect(await wentOnTo(t.app, paid)).toBe(`/payment-success?orderId=${second._id}`);
    expect(await orderStatus(t.app, s, second._id)).toBe('fulfilled');
    expect(await listCashierCards(t.database.db, s.id)).toHaveLength(1);

    // Another shopper's page does not offer it and cannot pay with it.
    const other = await createShopper(t.database.db);
    const theirOrder = await pendingOrder(t.app, other);
    const theirs = await openCashier(other, theirOrder._id);
    expect((await t.app.inject({ method: 'GET', url: theirs.url })).body).not.toContain(upo);
    const stolen = await onPage(t.app, theirs.url, { card: upo });
    expect(await wentOnTo(t.app, stolen)).toBe(`/cart?payment=failed&orderId=${theirOrder._id}`);
    expect(await orderStatus(t.app, other, theirOrder._id)).toBe('failed');

    // Deleting it (SPEC §4): another shopper's delete is a 404 and it stays theirs, listed and offered.
    const notTheirs = await deleteMethod(t.app, other, upo);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Payment method not found.');
    expect((await listMethods(t.app, s)).nuveiCards.map((c) => c.userPaymentOptionId)).toEqual([upo]);
    expect(await pageOffers(s, upo)).toBe(true);

    const deleted = await deleteMethod(t.app, s, upo);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await listMethods(t.app, s)).nuveiCards).toEqual([]);
    // The provider forgot it too: the next page offers it no more, and a page opened before cannot pay with it.
    expect(await pageOffers(s, upo)).toBe(false);
    expect((await deleteMethod(t.app, s, upo)).statusCode).toBe(404);
  });

  it('a card deleted while a page was open cannot pay there; saving it again on a page brings it back', async () => {
    const s = await createShopper(t.database.db);
    const first = await pendingOrder(t.app, s);
    const { url } = await openCashier(s, first._id);
    await onPage(t.app, url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless, '10/32'), saveCard: true });
    const [card] = (await listMethods(t.app, s)).nuveiCards;
    const second = await pendingOrder(t.app, s);
    const open = await openCashier(s, second._id);
    expect((await deleteMethod(t.app, s, card!.userPaymentOptionId)).statusCode).toBe(200);
    const paid = await onPage(t.app, open.url, { card: card!.userPaymentOptionId });
    expect(await wentOnTo(t.app, paid)).toBe(`/cart?payment=failed&orderId=${second._id}`);
    expect(await ledgerSumForOrder(t.database.db, second._id)).toBe(0);

    const third = await pendingOrder(t.app, s);
    const again = await openCashier(s, third._id);
    await onPage(t.app, again.url, { cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless, '10/32'), saveCard: true });
    expect((await listMethods(t.app, s)).nuveiCards.map((c) => c.userPaymentOptionId)).toEqual([card!.userPaymentOptionId]);
    expect(await pageOffers(s, card!.userPaymentOptionId)).toBe(true);
  });
});

describe("the return from the cashier's page (its success_url, error_url and back_url)", () => {
  const ret = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/nuvei/cashier/return/${path}`, headers });

  it("opened in the pay page's dialog, tells that page where to go on instead of opening the store in the frame", async () => {
    // Nuvei appends its output parameters to the URL: taken, not read.
    const framed = await ret('success/ord-1?ppp_status=OK&PPP_TransactionID=12345&Status=APPROVED', { 'sec-fetch-dest': 'iframe' });
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-type']).toMatch(/^text\/html/);
    expect(framed.body).toContain('data-to="/payment-success?orderId=ord-1"');
    // The page's one script (src/browser/framed-return.ts, built) posts the store's message to its parent.
    const script = /<script>([^<]*)<\/script>/.exec(framed.body)?.[1] ?? '';
    expect(script).toContain('"provider-page-finished"');
    expect(script).toContain('parent.postMessage(');
    // Only the store's own pages may hold it.
    expect(String(framed.headers['content-security-policy'])).toMatch(/frame-ancestors 'self' [^;]*http/);
    expect((await ret('back/ord-1', { 'sec-fetch-dest': 'iframe' })).body).toContain('data-to="/add-card/ord-1?cashier=canceled"');
  });

  it('opened at the top, redirects to the store page: the receipt, the cart after a decline, the pay page after a cancel', async () => {
    expect((await ret('success/ord-1?ppp_status=OK')).headers.location).toBe('/payment-success?orderId=ord-1');
    expect((await ret('failed/ord-1')).headers.location).toBe('/cart?payment=failed&orderId=ord-1');
    expect((await ret('back/ord%2F1')).headers.location).toBe('/add-card/ord%2F1?cashier=canceled');
  });

  it('an outcome of no such name is a 400 naming it, and sends the browser nowhere', async () => {
    const res = await ret('paid/ord-1');
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.json().message).toMatch(/outcome/);
  });
});

describe("the cashier's notification", () => {
  /** A charge made on the page, its notification held back for the test to deliver. */
  async function chargedOnPage(s: Shopper, orderId: string, number: string = SANDBOX_CARDS.frictionless) {
    const { url } = await openCashier(s, orderId);
    const { pageId, secret } = pageOf(url);
    const decision = await sandbox().decide(pageId, secret, {
      action: 'pay',
      cardToken: await tokenizeCard(t.app, number),
      saveCard: false,
    });
    return decision!.notification!;
  }

  it('the same genuine notification delivered 10 times at once: one grant', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { body, signature } = await chargedOnPage(s, order._id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(body, signature)));
    expect(answers.map((a) => a.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await coins(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
    // Delivered again later (within its time): acknowledged, nothing changes.
    expect((await notify(body, signature)).statusCode).toBe(200);
    expect(await coins(s)).toBe(order.coins + order.bonusCoins);
  });

  it('forged, tampered or stale notifications are refused and change nothing', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { body, signature } = await chargedOnPage(s, order._id);
    const refusals = [
      await notify(body, 'f'.repeat(64)),
      await notify(body, signCashierNotification('another-secret-altogether-0123456789', body)),
      await notify({ ...body, amountCents: 1 }, signature),
      await notify(body, ''),
      // Signed, but captured long ago and replayed.
      await notify({ ...body, timestamp: new Date(Date.now() - 60 * 60_000).toISOString() }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect((await paymentsOf(order._id)).map((p) => p.status)).toEqual(['challenge']);
    expect(await coins(s)).toBe(0);
    // The genuine one still pays.
    expect((await notify(body, signature)).statusCode).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });

  it("a genuine notification naming another payment's id is refused (404) and changes nothing", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await chargedOnPage(s, order._id);
    const res = await notify({
      transactionId: '222222222222222222',
      merchantUniqueId: '00000000-0000-4000-8000-000000000000',
      transactionType: 'Sale',
      status: 'APPROVED',
      amountCents: 499,
      currency: 'USD',
      code: null,
      reason: null,
      savedCard: null,
      timestamp: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(404);
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it('a charge whose notification never came is found by reconciliation asking the cashier', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { body } = await chargedOnPage(s, order._id);
    const [row] = await paymentsOf(order._id);
    expect(await sandbox().lookup({ paymentId: row!.id, orderId: order._id, transactionId: row!.transactionId })).toMatchObject({
      status: 'approved',
      transactionId: body.transactionId,
    });
    // Younger than a page may stay open: nobody asks yet.
    await t.app.outbox.drain();
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    // Old enough for reconciliation to ask.
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(payments.id, row!.id));
    await t.app.outbox.drain();
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect((await paymentsOf(order._id))[0]).toMatchObject({ status: 'approved', transactionId: body.transactionId });
    expect(await coins(s)).toBe(order.coins + order.bonusCoins);
  });

  it('an open page is pending to a lookup; a page left past its time is closed and its payment fails, the order still payable', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const { url } = await openCashier(s, order._id);
    const [row] = await paymentsOf(order._id);
    expect((await sandbox().lookup({ paymentId: row!.id, orderId: order._id, transactionId: row!.transactionId })).status).toBe('pending');
    const { pageId } = pageOf(url);
    await t.database.db
      .update(cashierSandboxSessions)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(cashierSandboxSessions.id, pageId));
    await t.database.db
      .update(payments)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(payments.id, row!.id));
    await t.app.outbox.drain();
    expect((await paymentsOf(order._id))[0]!.status).toBe('failed');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
