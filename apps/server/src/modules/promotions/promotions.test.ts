import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { promotionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { promotions } from '../../db/schema.ts';
import { STARTER_PROMOTIONS } from './starter-promotions.ts';
import { forgetPromotions, getFirstPurchasePromotion } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function active(path: 'active-promotion' | 'active-promotion-web') {
  const res = await t.app.inject({ url: `/api/v1/admin/promotions/${path}` });
  expect(res.statusCode).toBe(200);
  const body = promotionResponse.parse(res.json());
  // Both fields carry the same promotion: clients read `promotion`, the envelope has `data`.
  expect(body.promotion).toEqual(body.data);
  return body.promotion;
}

/** As an admin's change would (admin.ts), the rows are replaced and then this handle's cached ones dropped. */
async function replacePromotions(rows: (typeof promotions.$inferInsert)[]) {
  await t.database.db.delete(promotions);
  if (rows.length) await t.database.db.insert(promotions).values(rows);
  forgetPromotions(t.database.db);
}

const base = { bonusType: 'PERCENTAGE' as const, bonusPercentage: 10, kind: 'active' as const };

describe('active promotions', () => {
  it('gives guests the seeded promotion of each channel', async () => {
    const web = STARTER_PROMOTIONS.find((p) => p.channel === 'web' && p.kind === 'active')!;
    const app = STARTER_PROMOTIONS.find((p) => p.channel === 'app' && p.kind === 'active')!;
    expect(await active('active-promotion-web')).toMatchObject({ _id: web.id, name: web.name, bonusType: 'PERCENTAGE', endsAt: null });
    expect(await active('active-promotion')).toMatchObject({ _id: app.id, name: app.name });
  });

  it('ignores expired, future and first-purchase promotions and picks the newest running one', async () => {
    await replacePromotions([
      { ...base, id: 'expired', name: 'Expired', channel: 'web', startsAt: daysFromNow(-10), endsAt: daysFromNow(-1) },
      { ...base, id: 'future', name: 'Future', channel: 'web', startsAt: daysFromNow(1), endsAt: null },
      { ...base, id: 'eligibility', name: 'First purchase', channel: 'web', kind: 'first-purchase', startsAt: daysFromNow(-1) },
      { ...base, id: 'older', name: 'Older', channel: 'web', startsAt: daysFromNow(-5), endsAt: daysFromNow(5) },
      {
        ...base,
        id: 'newer',
        name: 'Newer',
        channel: 'web',
        bonusType: 'COINS',
        bonusPercentage: 300,
        startsAt: daysFromNow(-2),
        endsAt: null,
      },
      { ...base, id: 'app-only', name: 'App', channel: 'app', startsAt: daysFromNow(-1), endsAt: daysFromNow(1) },
    ]);
    expect(await active('active-promotion-web')).toMatchObject({ _id: 'newer', bonusType: 'COINS', bonusPercentage: 300, endsAt: null });
    expect(await active('active-promotion')).toMatchObject({ _id: 'app-only' });
    const running = await active('active-promotion');
    expect(new Date(running!.endsAt!).getTime()).toBeGreaterThan(Date.now());
    expect((await getFirstPurchasePromotion(t.database.db, 'web'))?._id).toBe('eligibility');
  });

  it('gives null in data and promotion when none is running', async () => {
    await replacePromotions([
      { ...base, id: 'ended', name: 'Ended', channel: 'web', startsAt: daysFromNow(-3), endsAt: daysFromNow(-2) },
      { ...base, id: 'later', name: 'Later', channel: 'app', startsAt: daysFromNow(2) },
    ]);
    const res = await t.app.inject({ url: '/api/v1/admin/promotions/active-promotion-web' });
    expect(res.json()).toEqual({ success: true, data: null, promotion: null });
    expect(await active('active-promotion')).toBeNull();
  });
});

describe('the running promotions kept for a few seconds (issue 26)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are picked at the moment of asking: one that ends or starts meanwhile is passed over or taken', async () => {
    const start = Date.now();
    await replacePromotions([
      { ...base, id: 'ending', name: 'Ending', channel: 'web', startsAt: daysFromNow(-1), endsAt: new Date(start + 60_000) },
      { ...base, id: 'starting', name: 'Starting', channel: 'app', startsAt: new Date(start + 60_000), endsAt: null },
    ]);
    expect((await active('active-promotion-web'))?._id).toBe('ending');
    expect(await active('active-promotion')).toBeNull();
    // Only the clock moves, a minute on (past the cache's 5 s, so the list is read again as of then).
    vi.useFakeTimers({ toFake: ['Date'], now: start + 61_000 });
    expect(await active('active-promotion-web')).toBeNull();
    expect((await active('active-promotion'))?._id).toBe('starting');
  });
});
