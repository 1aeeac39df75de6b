// Every admin route refuses guests (401) and shoppers (403) and serves an admin (issue 12, "Bad input and
// faults"). The routes come from the API's own OpenAPI document, so a new /api/v1/admin/ route that is
// missing from the walk below fails this test until it is walked too.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { cashoutResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, JADE_GIFT_CARD, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin, readyShopper, requestCashout } from '../../../test/support/cashout.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import { insertOrder } from '../../../test/support/admin.ts';
import { storeAdminWalks } from '../../../test/support/admin-store.ts';
import { catalogueWalks } from '../../../test/support/admin-catalogue.ts';
import { cardPaidOrder, refundRequest } from '../../../test/support/refunds.ts';
import { peopleWalks } from '../../../test/support/admin-people.ts';
import { chatWalks } from '../../../test/support/admin-chat.ts';
import { recordingWalks } from '../../../test/support/admin-recordings.ts';

/**
 * The SPEC §7 calls under the admin prefix that the shop itself makes for shoppers (SPEC §1: "an admin
 * path prefix for product listing, gift-card and promotion calls", and the whitelisted states). They are
 * not the console's: the test checks that a shopper is served by them.
 */
const SHOP_CALLS_BY_SPEC: Record<string, string> = {
  'GET /api/v1/admin/product': '/api/v1/admin/product',
  'GET /api/v1/admin/product/getDistinctPrices': '/api/v1/admin/product/getDistinctPrices',
  'GET /api/v1/admin/product/eachProduct/{id}': `/api/v1/admin/product/eachProduct/${STARTER_POUCH}`,
  'GET /api/v1/admin/gift-card/{id}': `/api/v1/admin/gift-card/${JADE_GIFT_CARD}`,
  'GET /api/v1/admin/promotions/active-promotion': '/api/v1/admin/promotions/active-promotion',
  'GET /api/v1/admin/promotions/active-promotion-web': '/api/v1/admin/promotions/active-promotion-web',
  'GET /api/v1/admin/whitelist_states/whitelist': '/api/v1/admin/whitelist_states/whitelist',
};

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
});
afterAll(() => t.close());

/** Each admin-only route: the request an admin would make (with whatever it needs prepared first). */
interface Walk {
  prepare(): Promise<InjectOptions>;
}
const get = (url: string): Walk => ({ prepare: async () => ({ method: 'GET', url }) });

const walks: Record<string, Walk> = {
  'GET /api/v1/admin/audit': get('/api/v1/admin/audit'),
  'GET /api/v1/admin/orders': get('/api/v1/admin/orders?state=paid&page=1&limit=5'),
  'GET /api/v1/admin/orders/{id}': {
    prepare: async () => ({ method: 'GET', url: `/api/v1/admin/orders/${await insertOrder(t.database.db, shopper.id)}` }),
  },
  'GET /api/v1/admin/users': get('/api/v1/admin/users?q=buyer'),
  'GET /api/v1/admin/users/{id}': { prepare: async () => ({ method: 'GET', url: `/api/v1/admin/users/${shopper.id}` }) },
  'GET /api/v1/admin/dashboard': get('/api/v1/admin/dashboard'),
  'GET /api/v1/admin/cashouts': get('/api/v1/admin/cashouts'),
  'POST /api/v1/admin/cashouts/{id}/approve': {
    prepare: async () => ({ method: 'POST', url: `/api/v1/admin/cashouts/${await pendingCashout()}/approve` }),
  },
  'POST /api/v1/admin/cashouts/{id}/reject': {
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/admin/cashouts/${await pendingCashout()}/reject`,
      payload: { reason: 'Bank details do not match.' },
    }),
  },
  'POST /api/v1/admin/wallet/adjustments': {
    prepare: async () => ({
      method: 'POST',
      url: '/api/v1/admin/wallet/adjustments',
      payload: { userId: shopper.id, wallet: 'stackingWallet', amount: 10, reason: 'Goodwill' },
      headers: { 'idempotency-key': randomUUID() },
    }),
  },
  'POST /api/v1/admin/orders/{id}/refund': {
    prepare: async () => refundRequest((await cardPaidOrder(t.app, t.database.db)).orderId),
  },
  'POST /api/v1/admin/kyc/{userId}/reset': {
    prepare: async () => {
      const s = await createShopper(t.database.db);
      await setVerification(t.database.db, s.id, 'REJECTED');
      return { method: 'POST', url: `/api/v1/admin/kyc/${s.id}/reset` };
    },
  },
  // Promotions, coupons, settings (ADR 024).
  ...storeAdminWalks(() => ({ app: t.app, admin })),
  // Products, gift cards, pictures, gift-card codes (ADR 023).
  ...catalogueWalks(() => t.database.db),
  // Revoke sessions, identity reviews (ADR 025).
  ...peopleWalks(() => t.database.db),
  // Live chat (ADR 027).
  ...chatWalks(() => ({ app: t.app, db: t.database.db })),
  // Session recording (ADR 028).
  ...recordingWalks(() => ({ app: t.app })),
};

async function pendingCashout(): Promise<string> {
  const s = await readyShopper(t.app, t.database.db, admin, { winnings: 5_000 });
  const res = await requestCashout(t.app, s, { amount: 2_000, userPaymentOptionId: s.bankId });
  expect(res.statusCode, res.body).toBe(201);
  return cashoutResponse.parse(res.json()).data._id;
}

function adminRoutesInTheApi(): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('every /api/v1/admin/ route', () => {
  it("is either walked below or one of the shop's own SPEC calls", () => {
    const routes = adminRoutesInTheApi();
    expect(routes.filter((r) => !(r in SHOP_CALLS_BY_SPEC) && !(r in walks))).toEqual([]);
    // And the lists name no route the API lacks.
    expect([...Object.keys(walks), ...Object.keys(SHOP_CALLS_BY_SPEC)].filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(Object.keys(walks))('%s: guest 401, shopper 403, admin 2xx', async (route) => {
    const request = await walks[route]!.prepare();
    const guest = await t.app.inject(request);
    expect(guest.statusCode, guest.body).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const asShopper = await as(t.app, shopper, request);
    expect(asShopper.statusCode, asShopper.body).toBe(403);
    expect(asShopper.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const asAdmin = await as(t.app, admin, request);
    expect(asAdmin.statusCode, asAdmin.body).toBeGreaterThanOrEqual(200);
    expect(asAdmin.statusCode, asAdmin.body).toBeLessThan(300);
    expect(asAdmin.json()).toMatchObject({ success: true });
  });

  it.each(Object.keys(SHOP_CALLS_BY_SPEC))('%s serves a shopper (a SPEC §7 call of the shop)', async (route) => {
    const res = await as(t.app, shopper, { method: 'GET', url: SHOP_CALLS_BY_SPEC[route]! });
    expect(res.statusCode, res.body).toBe(200);
  });

  // The role comes before the input on every admin route (issue 21): with a query and a body no route
  // takes, and a path parameter of the wrong shape, a guest still hears 401 and a shopper 403, never
  // the 400 that would tell them what the route takes.
  it.each(Object.keys(walks))('%s with invalid input: guest 401, shopper 403 (the role before the input)', async (route) => {
    const [method, path] = route.split(' ') as [InjectOptions['method'], string];
    const url = `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?notAField=1&limit=banana`;
    const request: InjectOptions = { method, url };
    if (method !== 'GET') Object.assign(request, { payload: { notAField: true, amount: 'lots' } });
    const guest = await t.app.inject(request);
    expect(guest.statusCode, guest.body).toBe(401);
    const asShopper = await as(t.app, shopper, request);
    expect(asShopper.statusCode, asShopper.body).toBe(403);
    expect(asShopper.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('the new console routes refuse a shopper before reading the input: 403, not 400', async () => {
    const res = await as(t.app, shopper, { method: 'GET', url: '/api/v1/admin/orders?limit=banana' });
    expect(res.statusCode).toBe(403);
  });
});
