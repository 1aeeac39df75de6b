// The admin console's searches, details and dashboard (issue 12): filtered and paged on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminDashboardResponse,
  adminOrderDetailResponse,
  adminOrdersResponse,
  adminUserDetailResponse,
  adminUsersResponse,
} from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin, creditWinnings, readyShopper, requestCashout } from '../../../test/support/cashout.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import { insertOrder } from '../../../test/support/admin.ts';
import { init, pendingOrder, SANDBOX_CARDS } from '../../../test/support/payments.ts';
import { tokenizeCard } from '../../../test/support/vault.ts';
import { ledgerEntries, payments, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { prefixEnd } from './order-search.ts';
import { salesPeriods } from './service.ts';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOUR = 3_600_000;

async function call(url: string) {
  const res = await as(t.app, admin, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const orderSearch = async (query: string) => adminOrdersResponse.parse(await call(`/api/v1/admin/orders${query}`)).data;
const userSearch = async (query: string) => adminUsersResponse.parse(await call(`/api/v1/admin/users${query}`)).data;
const dashboard = async () => adminDashboardResponse.parse(await call('/api/v1/admin/dashboard')).data;

/** A shopper with a name and an e-mail of the test's choosing. */
async function namedShopper(email: string, firstname: string, lastname: string): Promise<Shopper> {
  const s = await createShopper(db());
  await db().update(users).set({ email, firstname, lastname }).where(eq(users.id, s.id));
  return { ...s, email };
}

describe('GET /api/v1/admin/orders', () => {
  it('pages newest first without repeating or skipping an order, even orders placed at the same instant', async () => {
    const s = await createShopper(db());
    const base = Date.now() - 100 * HOUR;
    // 25 orders, five of them at each of five instants: the id breaks the ties.
    for (let i = 0; i < 25; i++) await insertOrder(db(), s.id, { createdAt: new Date(base + Math.floor(i / 5) * HOUR) });

    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await orderSearch(`?userId=${s.id}&limit=10&page=${page}`));
    expect(pages.map((p) => [p.orders.length, p.hasMore])).toEqual([
      [10, true],
      [10, true],
      [5, false],
    ]);
    const listed = pages.flatMap((p) => p.orders);
    expect(new Set(listed.map((o) => o.id)).size).toBe(25);
    const expected = [...listed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0));
    expect(listed.map((o) => o.id)).toEqual(expected.map((o) => o.id));
    expect(listed.every((o) => o.userId === s.id && o.email === s.email)).toBe(true);
  });

  it("finds an order by its exact id, and a shopper's orders by the start of the e-mail (any case, wildcards literal)", async () => {
    const zoe = await namedShopper('zoe.quill@example.com', 'Zoe', 'Quill');
    const zora = await namedShopper('zora_q@example.com', 'Zora', 'Quince');
    const zoeOrders = [await insertOrder(db(), zoe.id), await insertOrder(db(), zoe.id)];
    const zoraOrder = await insertOrder(db(), zora.id);

    expect((await orderSearch(`?q=${zoraOrder}`)).orders.map((o) => o.id)).toEqual([zoraOrder]);
    // Each row names the shopper as people know them, beside the e-mail (issue 24).
    expect((await orderSearch(`?q=${zoraOrder}`)).orders[0]).toMatchObject({ email: 'zora_q@example.com', name: 'Zora Quince' });
    expect((await orderSearch(`?q=${zoraOrder.slice(0, 8)}`)).orders).toEqual([]);
    expect((await orderSearch('?q=ZOE.Q')).orders.map((o) => o.id).sort()).toEqual([...zoeOrders].sort());
    expect((await orderSearch('?q=zo')).orders.map((o) => o.id).sort()).toEqual([...zoeOrders, zoraOrder].sort());
    // '_' and '%' are characters of the e-mail, not patterns: 'zor_' matches zora_q only, 'z%' nothing.
    expect((await orderSearch('?q=zora_')).orders.map((o) => o.id)).toEqual([zoraOrder]);
    expect((await orderSearch('?q=zo_')).orders).toEqual([]);
    expect((await orderSearch('?q=z%25')).orders).toEqual([]);
  });

  it('finds an order by the number its shopper reads, with or without the #, and numbers each new order after the last', async () => {
    const s = await createShopper(db());
    const [first, second] = [await insertOrder(db(), s.id), await insertOrder(db(), s.id)];
    const listed = (await orderSearch(`?userId=${s.id}`)).orders;
    const numberOf = (id: string) => listed.find((o) => o.id === id)!.number;
    expect(numberOf(first)).toBeGreaterThanOrEqual(100001);
    expect(numberOf(second)).toBeGreaterThan(numberOf(first));

    expect((await orderSearch(`?q=${numberOf(second)}`)).orders.map((o) => o.id)).toEqual([second]);
    expect((await orderSearch(`?q=${encodeURIComponent(`#${numberOf(first)}`)}`)).orders.map((o) => o.id)).toEqual([first]);
    expect((await orderSearch('?q=99999999999')).orders).toEqual([]);
    const detail = adminOrderDetailResponse.parse(await call(`/api/v1/admin/orders/${first}`)).data;
    expect(detail.order.number).toBe(numberOf(first));
  });

  it('finds the orders of a crowd of shoppers sharing the start of their e-mail, as of one of them', async () => {
    // More shoppers than are looked up by id (100): the search then matches them while reading orders.
    const crowd = [];
    for (let i = 0; i < 102; i++) crowd.push(await namedShopper(`crowd-${String(i).padStart(3, '0')}@example.com`, 'Crowd', 'Member'));
    for (const s of crowd) await insertOrder(db(), s.id);
    await insertOrder(db(), (await namedShopper('crowdless@example.com', 'Not', 'Crowd')).id);

    const first = await orderSearch('?q=crowd-&limit=100');
    const second = await orderSearch('?q=crowd-&limit=100&page=2');
    expect([first.orders.length, first.hasMore, second.orders.length, second.hasMore]).toEqual([100, true, 2, false]);
    const emails = [...first.orders, ...second.orders].map((o) => o.email);
    expect(new Set(emails)).toEqual(new Set(crowd.map((s) => s.email)));
    expect((await orderSearch('?q=CROWD-007')).orders.map((o) => o.email)).toEqual(['crowd-007@example.com']);
  });

  it("pages a few shoppers' orders, found by the start of their e-mail, newest first across them, with every filter", async () => {
    // Three shoppers whose orders interleave in time, two of them at the same instants (the id breaks ties),
    // and a fourth whose e-mail does not match.
    const trio = [
      await namedShopper('pager-ann@example.com', 'Ann', 'Pager'),
      await namedShopper('pager-bo@example.com', 'Bo', 'Pager'),
      await namedShopper('pager-cy@example.com', 'Cy', 'Pager'),
    ];
    const outsider = await namedShopper('pagers-not@example.com', 'Not', 'Pager');
    const base = Date.now() - 200 * HOUR;
    const placed: { id: string; at: number; status: 'fulfilled' | 'failed' }[] = [];
    for (let i = 0; i < 21; i++) {
      const at = base + Math.floor(i / 2) * HOUR;
      const status = i % 3 === 0 ? 'failed' : 'fulfilled';
      placed.push({ id: await insertOrder(db(), trio[i % 3]!.id, { status, createdAt: new Date(at) }), at, status });
    }
    await insertOrder(db(), outsider.id, { createdAt: new Date(base + 5 * HOUR) });
    const newestFirst = (rows: typeof placed) =>
      [...rows].sort((a, b) => b.at - a.at || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)).map((o) => o.id);

    async function allPages(query: string) {
      const listed: string[] = [];
      for (let page = 1; ; page++) {
        const found = await orderSearch(`?q=pager-${query}&limit=4&page=${page}`);
        listed.push(...found.orders.map((o) => o.id));
        expect(found.orders.length).toBe(found.hasMore ? 4 : found.orders.length);
        if (!found.hasMore) return listed;
      }
    }
    expect(await allPages('')).toEqual(newestFirst(placed));
    expect(await allPages('&state=failed')).toEqual(newestFirst(placed.filter((o) => o.status === 'failed')));
    const from = new Date(base + 3 * HOUR);
    const to = new Date(base + 7 * HOUR);
    const inWindow = placed.filter((o) => o.at >= from.getTime() && o.at <= to.getTime() && o.status === 'fulfilled');
    expect(await allPages(`&state=fulfilled&from=${from.toISOString()}&to=${to.toISOString()}`)).toEqual(newestFirst(inWindow));
    // A page beyond the last is empty; one shopper among them by the userId filter too.
    expect(await orderSearch('?q=pager-&limit=20&page=3')).toMatchObject({ orders: [], hasMore: false });
    expect((await orderSearch(`?q=pager-&userId=${trio[1]!.id}&limit=100`)).orders.map((o) => o.id)).toEqual(
      newestFirst(placed.filter((_, i) => i % 3 === 1)),
    );
  });

  it('finds the order a number names beside the orders of shoppers whose e-mail starts with the same digits, each once', async () => {
    const named = await createShopper(db());
    const order = await insertOrder(db(), named.id, { createdAt: new Date(Date.now() - 50 * HOUR) });
    const number = (await orderSearch(`?q=${order}`)).orders[0]!.number;
    const digits = await namedShopper(`${number}-fan@example.com`, 'Dee', 'Gits');
    const theirs = await insertOrder(db(), digits.id);
    expect((await orderSearch(`?q=${number}`)).orders.map((o) => o.id)).toEqual([theirs, order]);
    // The named order is also the matched shopper's: listed once.
    await db()
      .update(users)
      .set({ email: `${number}-owner@example.com` })
      .where(eq(users.id, named.id));
    expect((await orderSearch(`?q=${number}`)).orders.map((o) => o.id)).toEqual([theirs, order]);
  });

  it('reads the e-mail prefix index up to the first text after the prefix, in code point order', () => {
    expect(prefixEnd('ann')).toBe('ano');
    expect(prefixEnd('a\u{10FFFF}')).toBe('b');
    expect(prefixEnd('\u{D7FF}')).toBe('\u{E000}');
    expect(prefixEnd('\u{10FFFF}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
  });

  it('filters by state and by a window of time, together with the other filters', async () => {
    const s = await createShopper(db());
    const now = Date.now();
    const old = await insertOrder(db(), s.id, { status: 'fulfilled', createdAt: new Date(now - 72 * HOUR) });
    const recent = await insertOrder(db(), s.id, { status: 'fulfilled', createdAt: new Date(now - 2 * HOUR) });
    const failed = await insertOrder(db(), s.id, { status: 'failed', createdAt: new Date(now - 2 * HOUR), paidAt: null });

    const ids = async (query: string) => (await orderSearch(`?userId=${s.id}${query}`)).orders.map((o) => o.id);
    expect(await ids('&state=fulfilled')).toEqual([recent, old]);
    expect(await ids('&state=failed')).toEqual([failed]);
    const from = new Date(now - 24 * HOUR).toISOString();
    expect((await ids(`&from=${encodeURIComponent(from)}`)).sort()).toEqual([recent, failed].sort());
    expect(await ids(`&state=fulfilled&to=${encodeURIComponent(from)}`)).toEqual([old]);
    expect(await ids(`&state=refunded`)).toEqual([]);
    // A date alone: from its first moment (UTC), and up to and including its last.
    const tomorrow = new Date(now + 24 * HOUR).toISOString().slice(0, 10);
    expect(await ids(`&from=${tomorrow}`)).toEqual([]);
    const dayOfOld = new Date(now - 72 * HOUR).toISOString().slice(0, 10);
    expect(await ids(`&state=fulfilled&from=${dayOfOld}&to=${dayOfOld}`)).toEqual([old]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?page=0', 'page'],
    ['?page=10001', 'page'],
    ['?state=shipped', 'state'],
    ['?from=yesterday', 'from'],
    ['?to=2026-13-01', 'to'],
    ['?from=2026-11-02&to=2026-11-01', 'to'],
    ['?q=', 'q'],
    ['?userId=%20', 'userId'],
    ['?sort=oldest', 'sort'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/orders${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });
});

describe('GET /api/v1/admin/orders/:id', () => {
  it('shows the order with its lines, payments and ledger entries', async () => {
    const s = await createShopper(db());
    const orderId = await insertOrder(db(), s.id, { totalCents: 999 });
    const paymentId = newId();
    await db()
      .insert(payments)
      .values({
        id: paymentId,
        orderId,
        userId: s.id,
        provider: 'nuvei',
        method: 'card',
        transactionId: `tx-${paymentId}`,
        status: 'approved',
        amountCents: 999,
      });
    await db()
      .insert(ledgerEntries)
      .values([
        { userId: s.id, wallet: 'purchasedWallet', amount: 500, reason: 'purchase', reference: `order:${orderId}` },
        { userId: s.id, wallet: 'winWallet', amount: 7, reason: 'win', reference: 'distributor:other' },
      ]);

    const { order, payments: paid, ledger } = adminOrderDetailResponse.parse(await call(`/api/v1/admin/orders/${orderId}`)).data;
    expect(order).toMatchObject({ id: orderId, userId: s.id, email: s.email, totalCents: 999, status: 'fulfilled', items: [] });
    expect(paid).toMatchObject([{ id: paymentId, status: 'approved', amountCents: 999, provider: 'nuvei' }]);
    expect(ledger).toMatchObject([{ wallet: 'purchasedWallet', amount: 500, reference: `order:${orderId}` }]);
  });

  it('answers an unknown order with 404', async () => {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/orders/${newId()}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('finds people by the start of the e-mail, first name or last name (any case), paged newest first', async () => {
    const a = await namedShopper('hana.moss@example.com', 'Hana', 'Moss');
    const b = await namedShopper('kit@example.com', 'Hanako', 'Reed');
    const c = await namedShopper('lee@example.com', 'Lee', 'HANSEN');
    await namedShopper('other@example.com', 'Other', 'Person');

    const found = await userSearch('?q=HAN');
    expect(found.users.map((u) => u.id)).toEqual([c.id, b.id, a.id]);
    expect((await userSearch('?q=kit@')).users.map((u) => u.id)).toEqual([b.id]);
    expect((await userSearch('?q=moss')).users.map((u) => u.id)).toEqual([a.id]);

    const first = await userSearch('?q=han&limit=2');
    const second = await userSearch('?q=han&limit=2&page=2');
    expect([first.hasMore, second.hasMore]).toEqual([true, false]);
    expect([...first.users, ...second.users].map((u) => u.id)).toEqual([c.id, b.id, a.id]);
    expect(found.users[0]).toEqual({
      id: c.id,
      email: 'lee@example.com',
      firstname: 'Lee',
      lastname: 'HANSEN',
      role: 'USER',
      emailVerified: true,
      createdAt: expect.any(String),
    });
  });

  it.each([
    ['?q=', 'q'],
    ['?limit=abc', 'limit'],
    ['?role=ADMIN', 'role'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/users${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });
});

describe('GET /api/v1/admin/users/:id', () => {
  it('shows the profile, verification record, the three wallets and recent ledger entries, never the password hash', async () => {
    const s = await createShopper(db(), { state: 'TX' });
    await setVerification(db(), s.id);
    await creditWinnings(t.app, admin, s.id, 1_200);

    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/users/${s.id}` });
    expect(res.body).not.toContain('not-a-real-hash');
    const data = adminUserDetailResponse.parse(res.json()).data;
    expect(data.user).toMatchObject({ id: s.id, email: s.email, address: { state: 'TX' } });
    expect(data.verification).toMatchObject({ attempts: 1, decision: 'PASSED', status: 'DONE' });
    expect(data.wallets).toEqual({ purchasedWallet: 0, winWallet: 1_200, stackingWallet: 0 });
    expect(data.recentLedger).toMatchObject([{ wallet: 'winWallet', amount: 1_200, reason: 'adjustment' }]);
  });

  it("names each ledger entry's kind in words and the order it is about by number (issue 24)", async () => {
    const s = await createShopper(db(), { state: 'TX' });
    const order = await pendingOrder(t.app, s);
    const paid = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(paid.statusCode, paid.body).toBe(200);
    await creditWinnings(t.app, admin, s.id, 300);

    const data = adminUserDetailResponse.parse(await call(`/api/v1/admin/users/${s.id}`)).data;
    expect(data.recentLedger.map(({ kind, order: about, reference }) => ({ kind, about, reference }))).toEqual([
      { kind: 'adjustment', about: null, reference: expect.stringMatching(/^adjustment:/) },
      { kind: 'purchase', about: { id: order._id, number: order.number }, reference: `order:${order._id}` },
    ]);
    const detail = adminOrderDetailResponse.parse(await call(`/api/v1/admin/orders/${order._id}`)).data;
    expect(detail.ledger.map((entry) => [entry.kind, entry.order?.number])).toEqual([['purchase', order.number]]);
  });

  it('answers an unknown user with 404, and a shopper who never verified with no record', async () => {
    expect((await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/users/${newId()}` })).statusCode).toBe(404);
    const s = await createShopper(db());
    expect(adminUserDetailResponse.parse(await call(`/api/v1/admin/users/${s.id}`)).data.verification).toBeNull();
  });
});

describe('GET /api/v1/admin/dashboard', () => {
  it('counts sales of today and this week in cents, orders by state and pending cash-outs', async () => {
    const before = await dashboard();
    const s = await createShopper(db());
    const now = new Date();
    await insertOrder(db(), s.id, { status: 'fulfilled', totalCents: 1_999, paidAt: now });
    await insertOrder(db(), s.id, { status: 'paid', totalCents: 500, paidAt: now });
    // Refunded, failed, and paid before this week's Monday: not sales of today or this week.
    await insertOrder(db(), s.id, { status: 'refunded', totalCents: 4_000, paidAt: now });
    await insertOrder(db(), s.id, { status: 'failed', totalCents: 4_000, paidAt: null });
    await insertOrder(db(), s.id, { status: 'fulfilled', totalCents: 7_000, paidAt: new Date(salesPeriods(now).weekStart.getTime() - 1) });
    const ready = await readyShopper(t.app, db(), admin, { winnings: 5_000 });
    expect((await requestCashout(t.app, ready, { amount: 2_000, userPaymentOptionId: ready.bankId })).statusCode).toBe(201);

    const after = await dashboard();
    expect(after.salesTodayCents - before.salesTodayCents).toBe(2_499);
    expect(after.salesThisWeekCents - before.salesThisWeekCents).toBe(2_499);
    expect(after.ordersByState.fulfilled - before.ordersByState.fulfilled).toBe(2);
    expect(after.ordersByState.paid - before.ordersByState.paid).toBe(1);
    expect(after.ordersByState.refunded - before.ordersByState.refunded).toBe(1);
    expect(after.ordersByState.failed - before.ordersByState.failed).toBe(1);
    expect(after.pendingCashouts - before.pendingCashouts).toBe(1);
    // A verified shopper's check waits for nobody (the review queue is ADR 025's, tested in kyc/reviews.test.ts).
    expect(after.pendingIdentityReviews - before.pendingIdentityReviews).toBe(0);
  });

  it('starts the week on Monday and the day at midnight, in UTC', () => {
    expect(salesPeriods(new Date('2026-11-29T23:30:00Z'))).toEqual({
      today: new Date('2026-11-29T00:00:00Z'),
      weekStart: new Date('2026-11-23T00:00:00Z'),
    });
    expect(salesPeriods(new Date('2026-11-23T00:00:01Z')).weekStart).toEqual(new Date('2026-11-23T00:00:00Z'));
  });
});
