// The admin console's coupons (issue 12, ADR 024): every route refuses guests and shoppers, bad input
// changes nothing, every change is in the audit log, the second of two racing edits is told (409), and
// what an admin creates, edits or disables is what a shopper's cart can apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { adminAuditResponse, adminCouponResponse, adminCouponsResponse, couponListResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { coupons } from '../../db/schema.ts';
import { reserveCoupon } from './service.ts';
import { newId } from '../../lib/ids.ts';

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
});
afterAll(() => t.close());

const URL = '/api/v1/admin/coupons';
let serial = 0;
const uniqueCode = (prefix = 'ADM') => `${prefix}${Date.now().toString(36).toUpperCase()}${serial++}`;
const fixed = () => ({ code: uniqueCode(), kind: 'FIXED', amount: 500, minSubtotalCents: 2_000, maxRedemptions: 100, perUserLimit: 1 });

const create = (who: Shopper, payload: Record<string, unknown>) => as(t.app, who, { method: 'POST', url: URL, payload });
async function created(payload: Record<string, unknown>) {
  const res = await create(admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return adminCouponResponse.parse(res.json()).data;
}
async function offeredTo(s: Shopper) {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/checkout/coupons' });
  return couponListResponse.parse(res.json()).data;
}
async function auditOf(action: string, targetId: string) {
  const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit?action=${action}&limit=100` });
  return adminAuditResponse.parse(res.json()).data.entries.filter((e) => e.targetId === targetId);
}
const couponCount = async () => (await t.database.db.select().from(coupons)).length;

describe('admin coupons: who may call', () => {
  const requests: InjectOptions[] = [
    { method: 'GET', url: URL },
    { method: 'POST', url: URL, payload: { code: 'NOPE10', kind: 'PERCENT', amount: 10 } },
    { method: 'PUT', url: `${URL}/any`, payload: { code: 'NOPE10', kind: 'PERCENT', amount: 10, version: 1 } },
    { method: 'POST', url: `${URL}/any/disable`, payload: { version: 1 } },
  ];
  it.each(requests)('$method $url: guest 401, shopper 403 (nothing created)', async (request) => {
    const before = await couponCount();
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await as(t.app, shopper, request)).statusCode).toBe(403);
    expect(await couponCount()).toBe(before);
  });
});

describe('admin coupons: create, list, edit, disable', () => {
  it('creates a coupon (code in capitals) that shoppers are offered, and records it', async () => {
    const input = { ...fixed(), code: `lower${serial++}x` };
    const coupon = await created(input);
    expect(coupon).toMatchObject({
      code: input.code.toUpperCase(),
      kind: 'FIXED',
      amount: 500,
      minSubtotalCents: 2_000,
      redeemedCount: 0,
      active: true,
      version: 1,
    });
    expect((await offeredTo(shopper)).find((c) => c.code === coupon.code)).toMatchObject({
      kind: 'FIXED',
      amount: 500,
      minSubtotalCents: 2_000,
    });
    expect(await auditOf('coupon.create', coupon.id)).toMatchObject([
      { actorId: admin.id, targetType: 'coupon', before: null, after: { code: coupon.code, amount: 500 } },
    ]);
  });

  it('lists coupons with their uses so far, searchable by the start of the code', async () => {
    const coupon = await created({ ...fixed(), code: uniqueCode('LISTME') });
    const order = newId();
    await t.database.db.transaction((tx) => reserveCoupon(tx, coupon.id, shopper.id, order));
    const res = await as(t.app, admin, { method: 'GET', url: `${URL}?q=listme` });
    expect(res.statusCode, res.body).toBe(200);
    const found = adminCouponsResponse.parse(res.json()).data.coupons.find((c) => c.id === coupon.id);
    expect(found).toMatchObject({ redeemedCount: 1, completedRedemptions: 0 });
    const inactive = adminCouponsResponse.parse((await as(t.app, admin, { method: 'GET', url: `${URL}?active=false&limit=100` })).json());
    expect(inactive.data.coupons.every((c) => !c.active)).toBe(true);
  });

  it('refuses a code another coupon has (409 on code), creating nothing', async () => {
    const coupon = await created(fixed());
    const before = await couponCount();
    const res = await create(admin, { ...fixed(), code: coupon.code.toLowerCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'code' });
    expect(await couponCount()).toBe(before);
  });

  it('edits with the version read; the shopper is offered the new amount; the audit has before and after', async () => {
    const coupon = await created(fixed());
    const res = await as(t.app, admin, {
      method: 'PUT',
      url: `${URL}/${coupon.id}`,
      payload: { ...fixed(), code: coupon.code, kind: 'PERCENT', amount: 15, version: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCouponResponse.parse(res.json()).data).toMatchObject({
      kind: 'PERCENT',
      amount: 15,
      version: 2,
      startsAt: coupon.startsAt,
    });
    expect((await offeredTo(shopper)).find((c) => c.code === coupon.code)).toMatchObject({ kind: 'PERCENT', amount: 15 });
    expect(await auditOf('coupon.update', coupon.id)).toMatchObject([
      { before: { kind: 'FIXED', amount: 500 }, after: { kind: 'PERCENT', amount: 15 } },
    ]);
  });

  it('of two admins editing from the same copy, the second gets 409 and changes nothing', async () => {
    const other = await createAdmin(t.database.db);
    const coupon = await created(fixed());
    const edit = (who: Shopper, amount: number) =>
      as(t.app, who, { method: 'PUT', url: `${URL}/${coupon.id}`, payload: { ...fixed(), code: coupon.code, amount, version: 1 } });
    const [a, b] = await Promise.all([edit(admin, 700), edit(other, 900)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({
      code: 'CONFLICT',
      field: 'version',
      message: expect.stringMatching(/Another admin/),
    });
    expect(await auditOf('coupon.update', coupon.id)).toHaveLength(1);
  });

  it('refuses a total limit below the uses already taken (422), changing nothing', async () => {
    const coupon = await created({ ...fixed(), perUserLimit: null });
    for (const buyer of [shopper, await createShopper(t.database.db)]) {
      await t.database.db.transaction((tx) => reserveCoupon(tx, coupon.id, buyer.id, newId()));
    }
    const res = await as(t.app, admin, {
      method: 'PUT',
      url: `${URL}/${coupon.id}`,
      payload: { ...fixed(), code: coupon.code, maxRedemptions: 1, version: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ field: 'maxRedemptions' });
    expect(await auditOf('coupon.update', coupon.id)).toEqual([]);
  });

  it('disables a coupon: shoppers are no longer offered it and cannot apply it', async () => {
    const coupon = await created(fixed());
    const res = await as(t.app, admin, { method: 'POST', url: `${URL}/${coupon.id}/disable`, payload: { version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCouponResponse.parse(res.json()).data).toMatchObject({ active: false, version: 2 });
    expect((await offeredTo(shopper)).map((c) => c.code)).not.toContain(coupon.code);
    const apply = await as(t.app, shopper, { method: 'GET', url: `/api/v1/cart/apply-coupon/${coupon.code}` });
    expect(apply.statusCode).toBe(422);
    expect(await auditOf('coupon.disable', coupon.id)).toMatchObject([{ before: { active: true }, after: { active: false } }]);
    const again = await as(t.app, admin, { method: 'POST', url: `${URL}/${coupon.id}/disable`, payload: { version: 2 } });
    expect(again.statusCode).toBe(409);
  });
});

describe('admin coupons: bad input changes nothing', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['a percentage above 100', { code: 'BADPCT1', kind: 'PERCENT', amount: 120 }, 'amount'],
    ['an amount of 0', { code: 'BADZERO', kind: 'FIXED', amount: 0 }, 'amount'],
    ['cents with a fraction', { code: 'BADFRAC', kind: 'FIXED', amount: 4.99 }, 'amount'],
    ['a negative minimum', { code: 'BADMIN1', kind: 'FIXED', amount: 100, minSubtotalCents: -1 }, 'minSubtotalCents'],
    ['a per-user limit of 0', { code: 'BADLIM1', kind: 'FIXED', amount: 100, perUserLimit: 0 }, 'perUserLimit'],
    ['a code with spaces', { code: 'BAD CODE', kind: 'FIXED', amount: 100 }, 'code'],
    ['an unknown kind', { code: 'BADKIND', kind: 'FREE', amount: 100 }, 'kind'],
    [
      'a window that ends before it starts',
      { code: 'BADWIN1', kind: 'FIXED', amount: 100, startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' },
      'endsAt',
    ],
  ];
  it.each(bad)('%s: 400 naming the field', async (_, payload, field) => {
    const before = await couponCount();
    const res = await create(admin, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await couponCount()).toBe(before);
  });
});
