import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nuveiInitResponse, paymentFirstResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { payments } from '../../db/schema.ts';
import { sandboxTransactions } from '../../db/sandbox-schema.ts';
import { mailTo } from '../../../test/support/auth.ts';
import { getWalletCoins } from '../wallet/index.ts';
import { as, createShopper, expectLedgerBalanced, LUCKY_HANDFUL, type Shopper } from '../../../test/support/checkout.ts';
import { tokenizeCard, tokenizeCvv } from '../../../test/support/vault.ts';
import {
  answerChallenge,
  getCards,
  init,
  orderStatus,
  paymentFirst,
  pendingOrder,
  SANDBOX_CARDS,
  SANDBOX_SIGNATURE_HEADER,
  signNotification,
  type ChallengeData,
  type SandboxNotification,
} from '../../../test/support/payments.ts';

const SECRET = 'payments-test-webhook-secret-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://store.test', PAYMENTS_WEBHOOK_SECRET: SECRET }, { seedDemo: false });
});
afterAll(() => t.close());

const purchased = async (s: Shopper) => (await getWalletCoins(t.database.db, s.id)).purchasedWallet;

/** Init with a 3-D Secure card, then the first payment: returns the challenge (the bank page's URL with its secret, and the creq to POST it). */
async function reachChallenge(s: Shopper, orderId: string) {
  const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.challenge);
  const first = await init(t.app, s, { orderId, cardToken, saveCard: true });
  expect(first.statusCode, first.body).toBe(200);
  const step1 = nuveiInitResponse.parse(first.json()).data;
  expect(step1.card).toBeUndefined();
  expect(step1.orderStatus).toBe('pending');
  const version = step1.paymentOption.card.threeD.version;
  expect(version).toMatch(/^2\./);
  const second = await paymentFirst(t.app, s, { orderId, version, relatedTransactionId: step1.transactionId });
  expect(second.statusCode, second.body).toBe(200);
  const step2 = paymentFirstResponse.parse(second.json()).data;
  expect(step2.redirect).toBe(true);
  expect(step2.url).toMatch(new RegExp(`^http://store\\.test/sandbox/3ds/${step2.transactionId}\\?secret=[A-Za-z0-9_-]{43}$`));
  expect(step2.creq).toBeTruthy();
  return step2;
}
/** The bank page as the pay page's form opens it: creq POSTed to the challenge URL. */
const pageOf = ({ url = '', creq = '' }: ChallengeData) =>
  t.app.inject({
    method: 'POST',
    url: `${new URL(url).pathname}${new URL(url).search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ creq }).toString(),
  });

describe('frictionless card (4111 1111 1111 1111)', () => {
  it('pays, fulfils before answering, and saves the card first', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    const res = await init(t.app, s, { orderId: order._id, cardToken, saveCard: true });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = nuveiInitResponse.parse(res.json());
    expect(data.card).toMatchObject({ brand: 'visa', last4: '1111', expMonth: 12, expYear: 2034, provider: 'nuvei' });
    expect(data.orderStatus).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);

    const cards = await getCards(t.app, s);
    expect(cards.map((c) => c.userPaymentOptionId)).toEqual([data.card!.userPaymentOptionId]);
  });

  it('takes a fresh card with its CVV token: paid with a live one, declined with one the vault does not hold (ADR 010)', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
    const paid = await init(t.app, s, { orderId: order._id, cardToken, cvvToken: await tokenizeCvv(t.app) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.orderStatus).toBe('fulfilled');

    const other = await pendingOrder(t.app, s);
    const refused = await init(t.app, s, { orderId: other._id, cardToken, cvvToken: 'cvv_never-handed-out' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ success: false, code: 'CARD_DECLINED' });
    expect(await orderStatus(t.app, s, other._id)).toBe('failed');
  });

  it('paying again with the same card replaces its entry (same userPaymentOptionId) and puts it first', async () => {
    const s = await createShopper(t.database.db);
    const pay = async (number: string) => {
      const order = await pendingOrder(t.app, s);
      const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, number), saveCard: true });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.card.userPaymentOptionId as string;
    };
    const visa = await pay(SANDBOX_CARDS.frictionless);
    const master = await pay('5555555555554444');
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual([master, visa]);
    const visaAgain = await pay(SANDBOX_CARDS.frictionless);
    expect(visaAgain).toBe(visa);
    expect((await getCards(t.app, s)).map((c) => c.userPaymentOptionId)).toEqual([visa, master]);
  });

  it('does not keep the card unless asked, and then answers without card data (the flow ends on the paid order)', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await init(t.app, s, {
      orderId: order._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
      saveCard: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = nuveiInitResponse.parse(res.json());
    expect(data).not.toHaveProperty('card');
    expect(data.orderStatus).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    expect(await getCards(t.app, s)).toEqual([]);
  });

  it('pays with a saved card and a fresh CVV token; without the CVV it is a 400', async () => {
    const s = await createShopper(t.database.db);
    const first = await pendingOrder(t.app, s);
    const saved = (
      await init(t.app, s, { orderId: first._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless), saveCard: true })
    ).json().data.card;
    const order = await pendingOrder(t.app, s, LUCKY_HANDFUL);
    const noCvv = await init(t.app, s, { orderId: order._id, userPaymentOptionId: saved.userPaymentOptionId });
    expect(noCvv.statusCode).toBe(400);
    expect(noCvv.json().field).toBe('cvvToken');
    const res = await init(t.app, s, {
      orderId: order._id,
      userPaymentOptionId: saved.userPaymentOptionId,
      cvvToken: await tokenizeCvv(t.app),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ orderStatus: 'fulfilled', card: { userPaymentOptionId: saved.userPaymentOptionId } });
  });
});

describe('3-D Secure challenge (4000 0000 0000 3220)', () => {
  it('init → payment/first → challenge page → Approve: the order is paid and fulfilled, the card saved', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const url = await reachChallenge(s, order._id);
    const page = await pageOf(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Approve');
    expect(page.body).toContain('Fail');
    expect(page.body).toContain('$4.99');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');

    const approved = await answerChallenge(t.app, url, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://store.test/payment-success?orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    expect((await getCards(t.app, s)).map((c) => c.last4)).toEqual(['3220']);

    // The bank's page answered twice (a double click): the first answer used the page's secret up.
    const again = await answerChallenge(t.app, url, 'approve');
    expect(again.statusCode).toBe(404);
    await expectLedgerBalanced(t.database.db, order._id);
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
  });

  it("in the pay page's dialog: the return page tells the pay page where to go, and leaves the frame only by a link (issue 24)", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const approved = await answerChallenge(t.app, await reachChallenge(s, order._id), 'approve', { framed: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain(`data-to="/payment-success?orderId=${order._id}"`);
    expect(approved.body).toContain(`href="http://store.test/payment-success?orderId=${order._id}" target="_top"`);
    const policy = String(approved.headers['content-security-policy']);
    // The page's one script (built from src/browser/framed-return.ts) is allowed by its own hash, and no other.
    const script = /<script>([^<]*)<\/script>/.exec(approved.body)?.[1];
    expect(script).toContain('provider-page-finished');
    expect(policy).toContain(`script-src 'sha256-${createHash('sha256').update(script!).digest('base64')}';`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');

    const other = await pendingOrder(t.app, s);
    const failed = await answerChallenge(t.app, await reachChallenge(s, other._id), 'fail', { framed: true });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain(`data-to="/cart?payment=failed&amp;orderId=${other._id}"`);
  });

  it('Fail on the challenge page: the order fails, nothing is credited, back to the cart', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const url = await reachChallenge(s, order._id);
    const failed = await answerChallenge(t.app, url, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`http://store.test/cart?payment=failed&orderId=${order._id}`);
    expect(await orderStatus(t.app, s, order._id)).toBe('failed');
    expect(await purchased(s)).toBe(0);
    expect(await getCards(t.app, s)).toEqual([]);
  });

  it("the return page hit twice and the sale's notification ten times at once credit once, mail one receipt, record one approval", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const challenge = await reachChallenge(s, order._id);
    // The bank page's answer (its cres) to the store's return page, as the shopper's browser carries it.
    const opened = await pageOf(challenge);
    expect(opened.statusCode).toBe(200);
    const secret = new URL(challenge.url!).searchParams.get('secret')!;
    const answered = await t.app.inject({
      method: 'POST',
      url: new URL(challenge.url!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'approve', secret }).toString(),
    });
    const action = new URL(/<form id="cres-form" method="post" action="([^"]+)"/.exec(answered.body)![1]!);
    expect(action.href).toMatch(/^http:\/\/store\.test\/api\/v1\/nuvei\/3ds\/return\//);
    const cres = /name="cres" value="([^"]+)"/.exec(answered.body)![1]!;
    const back = () =>
      t.app.inject({
        method: 'POST',
        url: action.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cres }).toString(),
      });
    // A double submit of the bank's form: both land on the success page; one final payment is made.
    const twice = await Promise.all([back(), back()]);
    expect(twice.map((r) => r.statusCode)).toEqual([303, 303]);
    expect(twice.map((r) => r.headers.location)).toEqual(Array(2).fill(`http://store.test/payment-success?orderId=${order._id}`));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    // Then the provider's notification of that sale, delivered ten times at once.
    const body: SandboxNotification = {
      transactionId: row!.transactionId,
      clientUniqueId: row!.id,
      orderId: order._id,
      transactionType: 'Sale',
      status: 'APPROVED',
      amountCents: row!.amountCents,
      currency: 'USD',
      code: null,
      reason: null,
      card: null,
      timestamp: new Date().toISOString(),
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/nuvei/notify',
          headers: { [SANDBOX_SIGNATURE_HEADER]: signNotification(SECRET, body), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await purchased(s)).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((p) => p.status)).toEqual(['approved']);
    // The sandbox sold once: one approved sale after the challenge.
    const sales = await t.database.db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.clientUniqueId, row!.id), eq(sandboxTransactions.status, 'approved')));
    expect(sales).toHaveLength(1);
    await t.app.outbox.drain();
    const receipts = (await mailTo(t.app, s.email)).filter((m) => /receipt/i.test(m.subject));
    expect(receipts).toHaveLength(1);
  });

  it("the return page without the bank's cres is refused (400) and finishes nothing", async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    await reachChallenge(s, order._id);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nuvei/3ds/return/${row!.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cres');
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it('the webhook refuses a notification without a valid signature', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nuvei/notify',
      headers: { 'x-sandbox-signature': '00'.repeat(32) },
      payload: {
        transactionId: '1',
        orderId: 'x',
        status: 'APPROVED',
        amountCents: 1,
        code: null,
        reason: null,
        card: null,
        timestamp: 'now',
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_SIGNATURE' });
  });
});

describe('declines', () => {
  it.each([
    [SANDBOX_CARDS.declined, 'CARD_DECLINED', 'Your card was declined.'],
    [SANDBOX_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS', 'Insufficient funds on this card.'],
  ])('card %s → 402 %s, the order fails, nothing credited', async (number, code, message) => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const res = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, number), saveCard: true });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ success: false, code, message });
    expect(await orderStatus(t.app, s, order._id)).toBe('failed');
    expect(await purchased(s)).toBe(0);
    expect(await getCards(t.app, s)).toEqual([]);
    await expectLedgerBalanced(t.database.db, order._id);
    // A failed order cannot be paid afterwards.
    const retry = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(retry.statusCode).toBe(409);
  });
});

describe('ownership and bad input', () => {
  it("another user's order, card or payment is a 404", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const paid = await pendingOrder(t.app, owner);
    const card = (
      await init(t.app, owner, { orderId: paid._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless), saveCard: true })
    ).json().data.card;

    const ownersOrder = await pendingOrder(t.app, owner);
    const payForeignOrder = await init(t.app, other, {
      orderId: ownersOrder._id,
      cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless),
    });
    expect(payForeignOrder.statusCode).toBe(404);

    const othersOrder = await pendingOrder(t.app, other);
    const useForeignCard = await init(t.app, other, {
      orderId: othersOrder._id,
      userPaymentOptionId: card.userPaymentOptionId,
      cvvToken: await tokenizeCvv(t.app),
    });
    expect(useForeignCard.statusCode).toBe(404);
    const deleteForeignCard = await as(t.app, other, { method: 'DELETE', url: `/api/v1/nuvei/cards/${card.userPaymentOptionId}` });
    expect(deleteForeignCard.statusCode).toBe(404);
    expect((await getCards(t.app, owner)).map((c) => c.userPaymentOptionId)).toEqual([card.userPaymentOptionId]);

    const url = await reachChallenge(owner, ownersOrder._id);
    const foreignFirst = await paymentFirst(t.app, other, {
      orderId: ownersOrder._id,
      version: '2.1.0',
      relatedTransactionId: new URL(url.url!).pathname.split('/').pop(),
    });
    expect(foreignFirst.statusCode).toBe(404);
    expect(await orderStatus(t.app, owner, ownersOrder._id)).toBe('pending');
  });

  it('delete removes the card from GET cards', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const card = (
      await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless), saveCard: true })
    ).json().data.card;
    const res = await as(t.app, s, { method: 'DELETE', url: `/api/v1/nuvei/cards/${card.userPaymentOptionId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await getCards(t.app, s)).toEqual([]);
    expect((await as(t.app, s, { method: 'DELETE', url: `/api/v1/nuvei/cards/${card.userPaymentOptionId}` })).statusCode).toBe(404);
  });

  it('refuses a card number in the body: the API takes tokens only', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    for (const field of ['cardNumber', 'pan']) {
      const res = await init(t.app, s, { orderId: order._id, [field]: SANDBOX_CARDS.frictionless });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field });
    }
    expect(await orderStatus(t.app, s, order._id)).toBe('pending');
  });

  it('needs a session, and exactly one of cardToken / userPaymentOptionId', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/v1/nuvei/init', payload: { orderId: 'x', cardToken: 'card_xxxxxxxx' } });
    expect(anon.statusCode).toBe(401);
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const none = await init(t.app, s, { orderId: order._id });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('cardToken');
    const unknownToken = await init(t.app, s, { orderId: order._id, cardToken: 'card_doesnotexist' });
    expect(unknownToken.statusCode).toBe(402);
  });
});

it('documents the payment calls in /api/docs', async () => {
  const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  for (const [path, method] of [
    ['/api/v1/nuvei/init', 'post'],
    ['/api/v1/nuvei/payment/first', 'post'],
    ['/api/v1/nuvei/cards', 'get'],
    ['/api/v1/nuvei/cards/{id}', 'delete'],
    ['/api/v1/nuvei/config', 'get'],
    ['/api/v1/nuvei/notify', 'post'],
  ] as const) {
    expect(paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
  }
  expect(paths['/sandbox/3ds/{transactionId}']).toBeUndefined();
});
