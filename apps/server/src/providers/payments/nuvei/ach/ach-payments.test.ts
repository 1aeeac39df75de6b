// Bank account payments (ACH) against the sandbox (issue 9, ADR 011): linking, paying (pending until
// the bank settles), settlement crediting coins once, a failure before settlement, a return after it
// reversing the coins and flagging the account, other shoppers' accounts and orders, and notifications
// forged, stale, replayed or delivered ten times at once.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_PAYMENT_FAILED_MESSAGE } from '@store/shared';
import { accountFlags, bankAccounts, ledgerEntries, orders, payments } from '../../../../db/schema.ts';
import { sandboxAchAccounts } from '../../../../db/sandbox-schema.ts';
import { checkoutBackground } from '../../../../modules/checkout/index.ts';
import { buildTestApp, type TestApp } from '../../../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../../test/support/payments.ts';
import {
  achControl,
  achNotification,
  achStatus,
  linkBankAccount,
  payAch,
  SANDBOX_ACCOUNTS,
  SANDBOX_ROUTING,
  submitLinkPage,
  wallet,
} from '../../../../../test/support/ach.ts';

const SECRET = 'ach-test-webhook-secret-0123456789';
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp({ PAYMENTS_WEBHOOK_SECRET: SECRET }, { seedDemo: false });
});
afterAll(async () => {
  await t.close();
});

const settles: { routingNumber: string; accountNumber: string } = {
  routingNumber: SANDBOX_ROUTING.federal,
  accountNumber: SANDBOX_ACCOUNTS.settles,
};

/** A shopper with a linked account that settles, and a pending Starter Pouch order paid from it. */
async function paidPending(account = settles) {
  const s = await createShopper(db(), { state: 'TX' });
  const bank = await linkBankAccount(t.app, s, account);
  const order = await pendingOrder(t.app, s);
  const paid = await payAch(t.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId });
  expect(paid.statusCode, paid.body).toBe(200);
  const data = paid.json().data as { transactionId: string };
  return { s, bank, order, transactionId: data.transactionId };
}

async function getOrder(s: Shopper, orderId: string) {
  const res = await as(t.app, s, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${orderId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { status: string; paymentProcessing?: boolean; totalCoins: number; failureReason: string | null };
}

/** Every balance is the sum of its ledger entries: the API's balance agrees with the ledger's rows. */
async function expectLedgerAgrees(s: Shopper): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, s.id));
  const balance = await wallet(t.app, s);
  expect(balance).toBe(Number(row!.total));
  return balance;
}

describe('linking a bank account', () => {
  it('opens the bank-linking page, links a test account and saves only what identifies it', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const started = await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    const { url, linkId } = started.json().data;
    expect(url).toMatch(new RegExp(`^/bank-link/${linkId}\\?secret=[A-Za-z0-9_-]{43}$`));
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Link a bank account');
    expect(page.body).toContain(SANDBOX_ACCOUNTS.returns);

    // Not linked yet.
    const early = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } });
    expect(early.statusCode).toBe(409);

    const posted = await submitLinkPage(t.app, url, { ...settles, accountType: 'savings' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/add-card?bankLink=${linkId}`);
    // The page's secret is used up.
    expect((await submitLinkPage(t.app, url, settles)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const saved = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      userPaymentOptionId: expect.stringMatching(/^upo_ach_/) as unknown,
      bankName: 'Sandbox Federal Bank',
      last4: '0001',
      accountType: 'savings',
    });
    const list = await as(t.app, s, { method: 'GET', url: '/api/v1/nuvei/banks' });
    expect(list.json().data.bankAccounts).toEqual([saved.json().data]);
    // No routing or account number is kept anywhere.
    const stored = JSON.stringify([
      await db().select().from(bankAccounts).where(eq(bankAccounts.userId, s.id)),
      await db().select().from(sandboxAchAccounts).where(eq(sandboxAchAccounts.userTokenId, s.id)),
    ]);
    expect(stored).not.toContain(SANDBOX_ACCOUNTS.settles);
    expect(stored).not.toContain(SANDBOX_ROUTING.federal);
  });

  it("in the store's dialog, the page may be framed by the store only, and its answer tells the store page where to go on", async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const started = await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: { returnTo: 'cash-out' } });
    const { url, linkId } = started.json().data;
    const shown = await t.app.inject({ method: 'GET', url });
    expect(String(shown.headers['content-security-policy'])).toMatch(/frame-ancestors 'self' [^;]*http/);
    const posted = await submitLinkPage(t.app, url, settles, undefined, true);
    expect(posted.statusCode).toBe(200);
    expect(posted.headers.location).toBeUndefined();
    expect(posted.body).toContain(`data-to="/cash-out?bankLink=${linkId}"`);
    // A refusal in the frame is the page again, with what was typed (not the store's return).
    const again = await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: { returnTo: 'cash-out' } });
    const refused = await submitLinkPage(
      t.app,
      again.json().data.url,
      { routingNumber: '12345', accountNumber: SANDBOX_ACCOUNTS.settles },
      undefined,
      true,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The routing number has 9 digits.');
  });

  it('comes back to cash-out when cash-out opened the link (issue 24), and refuses a return beside an order', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const started = await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: { returnTo: 'cash-out' } });
    expect(started.statusCode, started.body).toBe(200);
    const { url, linkId } = started.json().data;
    const posted = await submitLinkPage(t.app, url, settles);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/cash-out?bankLink=${linkId}`);
    const saved = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } });
    expect(saved.statusCode, saved.body).toBe(200);

    const order = await pendingOrder(t.app, s);
    for (const payload of [{ orderId: order._id, returnTo: 'cash-out' }, { returnTo: 'profile' }]) {
      const refused = await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, field: 'returnTo' });
    }
  });

  it('refuses a routing number no bank answers to and malformed numbers on the page, and links nothing', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const { url, linkId } = (await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} })).json().data;
    const unknown = await submitLinkPage(t.app, url, { routingNumber: SANDBOX_ROUTING.unknown, accountNumber: '9876543210' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('No bank answers to this routing number.');
    // The account number is never echoed back; the routing number is kept to correct (issue 24: what was typed stays).
    expect(unknown.body).not.toContain('9876543210');
    expect(unknown.body).toContain(
      `id="routingNumber" name="routingNumber" inputmode="numeric" autocomplete="off" required pattern="[0-9]{9}" value="${SANDBOX_ROUTING.unknown}"`,
    );
    const short = await submitLinkPage(t.app, url, { routingNumber: '12345', accountNumber: SANDBOX_ACCOUNTS.settles });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The routing number has 9 digits.');
    expect(short.body).toContain('value="12345"');
    expect(short.body).toContain(
      '<input id="accountNumber" name="accountNumber" inputmode="numeric" autocomplete="off" required pattern="[0-9]{4,17}">',
    );
    const forged = await submitLinkPage(t.app, url, settles, 'A'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect((await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } })).statusCode).toBe(409);
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/nuvei/banks' })).json().data.bankAccounts).toEqual([]);
  });
});

describe('paying from a bank account', () => {
  it('is processing until the bank settles; settlement credits the coins once and the order is fulfilled', async () => {
    const { s, order, transactionId } = await paidPending();
    expect(await getOrder(s, order._id)).toMatchObject({ status: 'pending', paymentProcessing: true });
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'processing', transactionId, returnCode: null });
    expect(await wallet(t.app, s)).toBe(0);
    // The order's one slot is taken: a second payment waits.
    const second = await payAch(t.app, s, {
      orderId: order._id,
      userPaymentOptionId: (await linkBankAccount(t.app, s, settles)).userPaymentOptionId,
    });
    expect(second.statusCode).toBe(409);

    const settled = await achControl(t.app, transactionId, 'settle');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data).toEqual({ event: 'Settled', delivered: 200 });
    const after = await getOrder(s, order._id);
    expect(after.status).toBe('fulfilled');
    expect(after.paymentProcessing).toBeUndefined();
    expect(await wallet(t.app, s)).toBe(order.coins + order.bonusCoins);
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'settled' });
    // Settling again is refused by the sandbox; the coins stay credited once.
    expect((await achControl(t.app, transactionId, 'settle')).statusCode).toBe(409);
    expect(await expectLedgerAgrees(s)).toBe(order.coins + order.bonusCoins);
  });

  it('a failure before settlement declines the payment and fails the order; nothing is credited', async () => {
    const { s, order, transactionId } = await paidPending();
    const failed = await achControl(t.app, transactionId, 'fail', 'R03');
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await getOrder(s, order._id)).toMatchObject({ status: 'failed', failureReason: BANK_PAYMENT_FAILED_MESSAGE });
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'failed', returnCode: 'R03' });
    expect(await expectLedgerAgrees(s)).toBe(0);
  });

  it('a return after settlement (R01) takes the coins back through the ledger and flags the account', async () => {
    const { s, bank, order, transactionId } = await paidPending({
      routingNumber: SANDBOX_ROUTING.savings,
      accountNumber: SANDBOX_ACCOUNTS.returns,
    });
    await achControl(t.app, transactionId, 'settle');
    expect(await wallet(t.app, s)).toBe(order.coins + order.bonusCoins);
    const returned = await achControl(t.app, transactionId, 'return', 'R01');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await getOrder(s, order._id)).toMatchObject({ status: 'refunded' });
    expect(await achStatus(t.app, s, order._id)).toMatchObject({
      status: 'returned',
      returnCode: 'R01',
      reason: 'R01: Insufficient funds',
    });
    expect(await expectLedgerAgrees(s)).toBe(0);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id));
    expect(entries.map((e) => [e.amount, e.reason, e.reference])).toEqual([
      [order.coins + order.bonusCoins, 'purchase', `order:${order._id}`],
      [-(order.coins + order.bonusCoins), 'reversal', `reversal:order:${order._id}`],
    ]);
    expect(await db().select().from(accountFlags).where(eq(accountFlags.userId, s.id))).toHaveLength(1);

    // A flagged account pays by bank account no more, with a clear message; nothing changes.
    const next = await pendingOrder(t.app, s);
    const refused = await payAch(t.app, s, { orderId: next._id, userPaymentOptionId: bank.userPaymentOptionId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_FLAGGED',
      message: expect.stringContaining('a bank payment was returned') as unknown,
    });
    expect(await db().select().from(payments).where(eq(payments.orderId, next._id))).toEqual([]);
    expect((await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} })).statusCode).toBe(403);
  });

  it('a return after the coins were spent leaves the wallet below zero; the ledger still balances', async () => {
    const { s, order, transactionId } = await paidPending();
    await achControl(t.app, transactionId, 'settle');
    await db()
      .insert(ledgerEntries)
      .values({ userId: s.id, wallet: 'purchasedWallet', amount: -400, reason: 'test-spend', reference: `spend:${s.id}` });
    await achControl(t.app, transactionId, 'return', 'R10');
    expect(await expectLedgerAgrees(s)).toBe(-400);
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'returned', returnCode: 'R10' });
  });

  it('with no account: opens the bank-linking page and pays the order as soon as the account is linked', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const order = await pendingOrder(t.app, s);
    const res = await payAch(t.app, s, { orderId: order._id });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ action: 'link', orderId: order._id });
    const page = await t.app.inject({ method: 'GET', url: data.url });
    expect(page.body).toContain('$4.99');
    const posted = await submitLinkPage(t.app, data.url, settles);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/payment-success?orderId=${order._id}&processing=bank`);
    expect(await getOrder(s, order._id)).toMatchObject({ status: 'pending', paymentProcessing: true });
    const { transactionId } = await achStatus(t.app, s, order._id);
    await achControl(t.app, transactionId!, 'settle');
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });

  it('an order waiting for its bank payment is neither expired by the reservation sweep nor canceled', async () => {
    const { s, order, transactionId } = await paidPending();
    await db()
      .update(orders)
      .set({ reservedAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(orders.id, order._id));
    const sweep = checkoutBackground({ db: db(), log: t.app.log, live: t.app.live, reservationMinutes: 30 });
    for (const job of sweep.jobs ?? []) await job.run();
    expect(await getOrder(s, order._id)).toMatchObject({ status: 'pending', paymentProcessing: true });
    const cancel = await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/', payload: { action: 'cancel', orderId: order._id } });
    expect(cancel.statusCode, cancel.body).toBe(409);
    await achControl(t.app, transactionId, 'settle');
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
  });
});

describe("other shoppers' accounts and orders, and bad input", () => {
  it("answers 404 for another shopper's bank account, link and order, and changes nothing", async () => {
    const owner = await createShopper(db(), { state: 'TX' });
    const other = await createShopper(db(), { state: 'TX' });
    const bank = await linkBankAccount(t.app, owner, settles);
    const { linkId } = (await as(t.app, owner, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} })).json().data;
    const order = await pendingOrder(t.app, other);
    const own = await pendingOrder(t.app, owner);

    expect((await payAch(t.app, other, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId })).statusCode).toBe(404);
    expect((await payAch(t.app, other, { orderId: own._id, userPaymentOptionId: bank.userPaymentOptionId })).statusCode).toBe(404);
    expect((await payAch(t.app, owner, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId })).statusCode).toBe(404);
    expect((await as(t.app, other, { method: 'DELETE', url: `/api/v1/nuvei/banks/${bank.userPaymentOptionId}` })).statusCode).toBe(404);
    expect((await as(t.app, other, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } })).statusCode).toBe(404);
    expect((await as(t.app, other, { method: 'GET', url: `/api/v1/nuvei/ach/${own._id}` })).statusCode).toBe(404);
    expect((await as(t.app, other, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: { orderId: own._id } })).statusCode).toBe(404);
    expect(await db().select().from(payments).where(eq(payments.userId, owner.id))).toEqual([]);
    expect((await as(t.app, owner, { method: 'GET', url: '/api/v1/nuvei/banks' })).json().data.bankAccounts).toHaveLength(1);

    // The owner deletes it: gone from the list, and not payable any more.
    expect((await as(t.app, owner, { method: 'DELETE', url: `/api/v1/nuvei/banks/${bank.userPaymentOptionId}` })).statusCode).toBe(200);
    expect((await as(t.app, owner, { method: 'GET', url: '/api/v1/nuvei/banks' })).json().data.bankAccounts).toEqual([]);
    expect((await payAch(t.app, owner, { orderId: own._id, userPaymentOptionId: bank.userPaymentOptionId })).statusCode).toBe(404);
  });

  it('answers 400 naming the field for malformed ids and bodies', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const long = 'x'.repeat(65);
    const cases = [
      await payAch(t.app, s, {}),
      await payAch(t.app, s, { orderId: long, userPaymentOptionId: 'upo' }),
      await payAch(t.app, s, { orderId: 'o', userPaymentOptionId: 'upo', amount: 1 }),
      await as(t.app, s, { method: 'DELETE', url: `/api/v1/nuvei/banks/${long}` }),
      await as(t.app, s, { method: 'GET', url: `/api/v1/nuvei/ach/${long}` }),
      await as(t.app, s, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: {} }),
      await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: { orderId: 5 } }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(await db().select().from(payments).where(eq(payments.userId, s.id))).toEqual([]);
  });

  it('refuses bank payments to a shopper whose state is not whitelisted, before anything is written', async () => {
    const s = await createShopper(db(), { state: 'WA' });
    const order = await pendingOrder(t.app, s);
    expect((await as(t.app, s, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} })).statusCode).toBe(403);
    expect((await payAch(t.app, s, { orderId: order._id })).statusCode).toBe(403);
  });
});

describe('the sandbox settlement notifications', () => {
  const bodyFor = async (transactionId: string, event: 'Settled' | 'Returned', at = new Date()) => {
    const [p] = await db().select().from(payments).where(eq(payments.transactionId, transactionId));
    return {
      transactionId,
      clientUniqueId: p!.id,
      orderId: p!.orderId,
      event,
      amountCents: p!.amountCents,
      currency: 'USD',
      returnCode: event === 'Returned' ? 'R01' : null,
      timestamp: at.toISOString(),
    };
  };

  it('refuses a forged or stale settlement and changes nothing; a replayed one changes nothing', async () => {
    const { s, order, transactionId } = await paidPending();
    const body = await bodyFor(transactionId, 'Settled');
    const forged = await t.app.inject(achNotification(SECRET, body, 'ab'.repeat(32)));
    expect(forged.statusCode).toBe(401);
    const otherKey = await t.app.inject(achNotification('another-secret-of-some-length', body));
    expect(otherKey.statusCode).toBe(401);
    const stale = await t.app.inject(achNotification(SECRET, await bodyFor(transactionId, 'Settled', new Date(Date.now() - 10 * 60_000))));
    expect(stale.statusCode).toBe(401);
    const tampered = await t.app.inject(achNotification(SECRET, body, undefined));
    expect(tampered.statusCode).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    const coins = await wallet(t.app, s);
    // The same genuine notification again: acknowledged, nothing more credited.
    expect((await t.app.inject(achNotification(SECRET, body))).statusCode).toBe(200);
    expect(await wallet(t.app, s)).toBe(coins);
  });

  it('the same genuine settlement delivered 10 times at once grants once; the same return 10 times reverses once', async () => {
    const { s, order, transactionId } = await paidPending();
    const settle = await bodyFor(transactionId, 'Settled');
    const settled = await Promise.all(Array.from({ length: 10 }, () => t.app.inject(achNotification(SECRET, settle))));
    expect(settled.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');
    expect(await expectLedgerAgrees(s)).toBe(order.coins + order.bonusCoins);

    const ret = await bodyFor(transactionId, 'Returned');
    const returned = await Promise.all(Array.from({ length: 10 }, () => t.app.inject(achNotification(SECRET, ret))));
    expect(returned.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await expectLedgerAgrees(s)).toBe(0);
    const reversals = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `reversal:order:${order._id}`));
    expect(reversals).toHaveLength(1);
    expect(await db().select().from(accountFlags).where(eq(accountFlags.userId, s.id))).toHaveLength(1);
  });
});

describe("the payer's billing details (ADR 039): the bank debit carries them, a profile without them gets a 422 naming the field", () => {
  it('a shopper without a billing country is told so before anything is linked or debited; with one, the debit goes through', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const bank = await linkBankAccount(t.app, s, settles);
    const order = await pendingOrder(t.app, s);
    // The profile loses its country: the state whitelist still finds the state, the bank needs the country.
    await db().execute(sql`update users set address = address - 'country' where id = ${s.id}`);
    const paid = await payAch(t.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId });
    expect(paid.statusCode, paid.body).toBe(422);
    expect(paid.json()).toMatchObject({ success: false, code: 'PAYER_DETAILS_REQUIRED', field: 'address.country' });
    expect(paid.json().message).toMatch(/country/);
    const link = await payAch(t.app, s, { orderId: order._id });
    expect(link.statusCode, link.body).toBe(422);
    expect(link.json()).toMatchObject({ code: 'PAYER_DETAILS_REQUIRED', field: 'address.country' });
    expect(await db().select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);

    await db().execute(sql`update users set address = jsonb_set(address, '{country}', '"US"') where id = ${s.id}`);
    const again = await payAch(t.app, s, { orderId: order._id, userPaymentOptionId: bank.userPaymentOptionId });
    expect(again.statusCode, again.body).toBe(200);
    expect(await achStatus(t.app, s, order._id)).toMatchObject({ status: 'processing' });
  });

  it('the sandbox refuses a debit without them, as Nuvei does: no debit is made', async () => {
    const provider = t.app.paymentProviders.forMethod('bank_account')!;
    const s = await createShopper(db(), { state: 'TX' });
    const bank = await linkBankAccount(t.app, s, settles);
    const base = {
      paymentId: 'pay-no-payer',
      orderId: 'order-no-payer',
      userId: s.id,
      payerName: 'Mei Lin',
      amountCents: 499,
      currency: 'USD' as const,
      source: { method: 'bank_account' as const, userPaymentOptionId: bank.userPaymentOptionId },
    };
    await expect(provider.start(base)).rejects.toThrow(/1019 Validation Error: deviceDetails.ipAddress/);
    const payer = { ipAddress: '203.0.113.7', firstName: 'Mei', lastName: 'Lin', email: s.email, country: '' };
    await expect(provider.start({ ...base, payer })).rejects.toThrow(/1014 Invalid country code/);
    expect(await provider.lookup({ paymentId: 'pay-no-payer', orderId: 'order-no-payer', transactionId: null })).toEqual({
      status: 'none',
    });
  });
});
