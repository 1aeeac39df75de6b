// The admin console's promotions (issue 12, ADR 024): every route refuses guests and shoppers, bad input
// changes nothing, every change is in the audit log, the second of two racing edits is told (409), and
// the shoppers' calls show what an admin made, on its schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { adminAuditResponse, adminPromotionResponse, adminPromotionsResponse, promotionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { promotions } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const URL = '/api/v1/admin/promotions/manage';

const create = (who: Shopper, payload: Record<string, unknown>) => as(t.app, who, { method: 'POST', url: URL, payload });
async function created(payload: Record<string, unknown>) {
  const res = await create(admin, payload);
  expect(res.statusCode, res.body).toBe(201);
  return adminPromotionResponse.parse(res.json()).data;
}
async function shopperSees(path: 'active-promotion' | 'active-promotion-web') {
  const res = await t.app.inject({ url: `/api/v1/admin/promotions/${path}` });
  return promotionResponse.parse(res.json()).promotion;
}
async function auditOf(action: string, targetId: string) {
  const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit?action=${action}&limit=100` });
  return adminAuditResponse.parse(res.json()).data.entries.filter((e) => e.targetId === targetId);
}
const promotionCount = async () => (await t.database.db.select().from(promotions)).length;

const webPromo = { name: 'Dragon week: 25% extra', channel: 'web', kind: 'active', bonusType: 'PERCENTAGE', bonusPercentage: 25 };

describe('admin promotions: who may call', () => {
  const requests: InjectOptions[] = [
    { method: 'GET', url: URL },
    { method: 'POST', url: URL, payload: webPromo },
    { method: 'PUT', url: `${URL}/any`, payload: { ...webPromo, version: 1 } },
    { method: 'POST', url: `${URL}/any/end`, payload: { version: 1 } },
  ];
  it.each(requests)('$method $url: guest 401, shopper 403 (nothing created)', async (request) => {
    const before = await promotionCount();
    expect((await t.app.inject(request)).statusCode).toBe(401);
    expect((await as(t.app, shopper, request)).statusCode).toBe(403);
    expect(await promotionCount()).toBe(before);
  });
});

describe('admin promotions: create, list, edit, end', () => {
  it('creates a web promotion that shoppers see at once, records it, and lists it as running', async () => {
    const promo = await created({ ...webPromo, startsAt: hoursFromNow(-1) });
    expect(promo).toMatchObject({ ...webPromo, status: 'running', version: 1, endsAt: null });
    expect(await shopperSees('active-promotion-web')).toMatchObject({ _id: promo.id, bonusPercentage: 25, bonusType: 'PERCENTAGE' });

    const [entry] = await auditOf('promotion.create', promo.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'promotion',
      before: null,
      after: { name: webPromo.name, bonusPercentage: 25 },
    });

    const list = await as(t.app, admin, { method: 'GET', url: `${URL}?channel=web&status=running` });
    expect(list.statusCode, list.body).toBe(200);
    expect(adminPromotionsResponse.parse(list.json()).data.promotions.map((p) => p.id)).toContain(promo.id);
  });

  it('honours the schedule: a promotion starting later is not served until it starts', async () => {
    const later = await created({ ...webPromo, channel: 'app', name: 'App later', startsAt: hoursFromNow(2), endsAt: hoursFromNow(5) });
    expect(later.status).toBe('scheduled');
    expect((await shopperSees('active-promotion'))?._id).not.toBe(later.id);
    const scheduled = adminPromotionsResponse.parse((await as(t.app, admin, { method: 'GET', url: `${URL}?status=scheduled` })).json());
    expect(scheduled.data.promotions.map((p) => p.id)).toContain(later.id);
  });

  it('creates the eligibility (first-purchase) promotion with a coin bonus', async () => {
    const promo = await created({
      name: 'Welcome: 800 coins',
      channel: 'web',
      kind: 'first-purchase',
      bonusType: 'COINS',
      bonusPercentage: 800,
    });
    expect(promo).toMatchObject({ kind: 'first-purchase', bonusType: 'COINS', bonusPercentage: 800, status: 'running' });
  });

  it('edits with the version read, records before and after, and the shopper sees the edit', async () => {
    const promo = await created({ ...webPromo, name: 'To edit', startsAt: hoursFromNow(-1) });
    const res = await as(t.app, admin, {
      method: 'PUT',
      url: `${URL}/${promo.id}`,
      payload: { ...webPromo, name: 'Edited', bonusType: 'COINS', bonusPercentage: 300, version: promo.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = adminPromotionResponse.parse(res.json()).data;
    expect(edited).toMatchObject({ name: 'Edited', bonusType: 'COINS', bonusPercentage: 300, version: 2, startsAt: promo.startsAt });
    expect(await shopperSees('active-promotion-web')).toMatchObject({ _id: promo.id, bonusType: 'COINS', bonusPercentage: 300 });
    const [entry] = await auditOf('promotion.update', promo.id);
    expect(entry).toMatchObject({
      before: { name: 'To edit', bonusPercentage: 25, version: 1 },
      after: { name: 'Edited', bonusPercentage: 300, version: 2 },
    });
  });

  it('of two admins editing from the same copy, the second gets 409 and changes nothing', async () => {
    const other = await createAdmin(t.database.db);
    const promo = await created({ ...webPromo, name: 'Raced' });
    const edit = (who: Shopper, name: string) =>
      as(t.app, who, { method: 'PUT', url: `${URL}/${promo.id}`, payload: { ...webPromo, name, version: promo.version } });
    const [a, b] = await Promise.all([edit(admin, 'First'), edit(other, 'Second')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      field: 'version',
      message: expect.stringMatching(/Another admin/),
    });
    const winner = adminPromotionResponse.parse((a.statusCode === 200 ? a : b).json()).data;
    expect(await auditOf('promotion.update', promo.id)).toHaveLength(1);
    const list = adminPromotionsResponse.parse((await as(t.app, admin, { method: 'GET', url: `${URL}?limit=100` })).json());
    expect(list.data.promotions.find((p) => p.id === promo.id)).toMatchObject({ name: winner.name, version: 2 });
  });

  it('ends a promotion now: shoppers stop seeing it; ending it again is refused', async () => {
    const promo = await created({ ...webPromo, channel: 'app', name: 'To end', startsAt: hoursFromNow(-1) });
    expect((await shopperSees('active-promotion'))?._id).toBe(promo.id);
    const res = await as(t.app, admin, { method: 'POST', url: `${URL}/${promo.id}/end`, payload: { version: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminPromotionResponse.parse(res.json()).data).toMatchObject({ status: 'ended', version: 2 });
    expect((await shopperSees('active-promotion'))?._id).not.toBe(promo.id);
    expect(await auditOf('promotion.end', promo.id)).toMatchObject([{ before: { endsAt: null }, after: { status: 'ended' } }]);
    const again = await as(t.app, admin, { method: 'POST', url: `${URL}/${promo.id}/end`, payload: { version: 2 } });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 for an unknown promotion', async () => {
    const res = await as(t.app, admin, { method: 'POST', url: `${URL}/nope/end`, payload: { version: 1 } });
    expect(res.statusCode).toBe(404);
  });
});

describe('admin promotions: bad input changes nothing', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['a percentage above 100', { ...webPromo, bonusPercentage: 150 }, 'bonusPercentage'],
    ['a bonus of 0', { ...webPromo, bonusPercentage: 0 }, 'bonusPercentage'],
    ['a fractional bonus', { ...webPromo, bonusType: 'COINS', bonusPercentage: 2.5 }, 'bonusPercentage'],
    ['an unknown channel', { ...webPromo, channel: 'tv' }, 'channel'],
    ['an empty name', { ...webPromo, name: '  ' }, 'name'],
    ['an end before the start', { ...webPromo, startsAt: hoursFromNow(2), endsAt: hoursFromNow(1) }, 'endsAt'],
    ['a date that is no date', { ...webPromo, startsAt: 'tomorrow' }, 'startsAt'],
    ['an unknown field', { ...webPromo, extra: 1 }, 'extra'],
  ];
  it.each(bad)('%s: 400 naming the field', async (_, payload, field) => {
    const before = await promotionCount();
    const res = await create(admin, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await promotionCount()).toBe(before);
  });
});
