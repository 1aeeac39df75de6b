// The admin console's promotion, coupon and settings routes (issue 12, ADR 024) as the role walk
// (admin-roles.test.ts) makes them: each walk prepares what its admin request needs (a fresh promotion or
// coupon, the settings' current version) so the admin's request succeeds.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { adminCouponResponse, adminPromotionResponse, adminSettingsResponse } from '@store/shared';
import { as, type Shopper } from './checkout.ts';

interface Walk {
  prepare(): Promise<InjectOptions>;
}
type Context = () => { app: FastifyInstance; admin: Shopper };

const PROMOTION = { name: 'Walk promotion', channel: 'web', kind: 'active', bonusType: 'PERCENTAGE', bonusPercentage: 5 };
let serial = 0;
const coupon = () => ({ code: `WALK${Date.now().toString(36).toUpperCase()}${serial++}`, kind: 'PERCENT', amount: 5 });

async function newPromotion(ctx: Context) {
  const { app, admin } = ctx();
  const res = await as(app, admin, { method: 'POST', url: '/api/v1/admin/promotions/manage', payload: PROMOTION });
  expect(res.statusCode, res.body).toBe(201);
  return adminPromotionResponse.parse(res.json()).data;
}

async function newCoupon(ctx: Context) {
  const { app, admin } = ctx();
  const res = await as(app, admin, { method: 'POST', url: '/api/v1/admin/coupons', payload: coupon() });
  expect(res.statusCode, res.body).toBe(201);
  return adminCouponResponse.parse(res.json()).data;
}

export function storeAdminWalks(ctx: Context): Record<string, Walk> {
  const get = (url: string): Walk => ({ prepare: async () => ({ method: 'GET', url }) });
  return {
    'GET /api/v1/admin/promotions/manage': get('/api/v1/admin/promotions/manage?status=running'),
    'POST /api/v1/admin/promotions/manage': {
      prepare: async () => ({ method: 'POST', url: '/api/v1/admin/promotions/manage', payload: PROMOTION }),
    },
    'PUT /api/v1/admin/promotions/manage/{id}': {
      prepare: async () => {
        const p = await newPromotion(ctx);
        return {
          method: 'PUT',
          url: `/api/v1/admin/promotions/manage/${p.id}`,
          payload: { ...PROMOTION, name: 'Walked', version: p.version },
        };
      },
    },
    'POST /api/v1/admin/promotions/manage/{id}/end': {
      prepare: async () => {
        const p = await newPromotion(ctx);
        return { method: 'POST', url: `/api/v1/admin/promotions/manage/${p.id}/end`, payload: { version: p.version } };
      },
    },
    'GET /api/v1/admin/coupons': get('/api/v1/admin/coupons?active=true'),
    'POST /api/v1/admin/coupons': { prepare: async () => ({ method: 'POST', url: '/api/v1/admin/coupons', payload: coupon() }) },
    'PUT /api/v1/admin/coupons/{id}': {
      prepare: async () => {
        const c = await newCoupon(ctx);
        return {
          method: 'PUT',
          url: `/api/v1/admin/coupons/${c.id}`,
          payload: { code: c.code, kind: 'FIXED', amount: 250, version: c.version },
        };
      },
    },
    'POST /api/v1/admin/coupons/{id}/disable': {
      prepare: async () => {
        const c = await newCoupon(ctx);
        return { method: 'POST', url: `/api/v1/admin/coupons/${c.id}/disable`, payload: { version: c.version } };
      },
    },
    'GET /api/v1/admin/settings': get('/api/v1/admin/settings'),
    'PUT /api/v1/admin/settings': {
      prepare: async () => {
        const { app, admin } = ctx();
        const current = adminSettingsResponse.parse((await as(app, admin, { method: 'GET', url: '/api/v1/admin/settings' })).json()).data;
        return { method: 'PUT', url: '/api/v1/admin/settings', payload: current };
      },
    },
  };
}
