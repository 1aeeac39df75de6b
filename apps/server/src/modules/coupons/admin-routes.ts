// The admin console's coupons (issue 12, ADR 024). Role ADMIN, checked before the input is read: a guest
// gets 401, a shopper 403, whatever they send.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCouponInput,
  adminCouponResponse,
  adminCouponsQuery,
  adminCouponsResponse,
  adminCouponUpdate,
  adminVersionBody,
  errorEnvelope,
  idParam,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { createCoupon, disableCoupon, listAdminCoupons, updateCoupon } from './admin.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const changeRefusals = { ...refusals, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
const FIELDS_DOC =
  'kind PERCENT (amount 1 to 100, percent off) or FIXED (amount in integer cents off); startsAt defaults to now, no endsAt runs until disabled; minSubtotalCents in integer cents; maxRedemptions (in all) and perUserLimit null for unlimited.';

const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.get(
    '/v1/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Coupons with their uses so far, newest first',
        description:
          'Role ADMIN. ?q= (the start of the code), ?active=true|false. redeemedCount counts uses taken (completed and held by orders being paid), completedRedemptions the completed ones. page from 1, limit 1 to 100 (default 20); hasMore tells whether a next page exists.',
        querystring: adminCouponsQuery,
        response: { 200: adminCouponsResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await listAdminCoupons(app.db, request.query) }),
  );

  app.post(
    '/v1/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon',
        description: `Role ADMIN. ${FIELDS_DOC} 409 on 'code' when another coupon has it. Audit: coupon.create.`,
        body: adminCouponInput,
        response: { 201: adminCouponResponse, ...refusals, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, signedInUser(request)._id, request.body);
      return reply.status(201).send({ success: true as const, data: coupon });
    },
  );

  app.put(
    '/v1/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a coupon',
        description: `Role ADMIN. Every field, with the version it was read at: 409 on 'version' when another admin changed it since. ${FIELDS_DOC} No startsAt keeps the start it had. 422 on 'maxRedemptions' below the uses taken. Audit: coupon.update.`,
        params: idParam,
        body: adminCouponUpdate,
        response: { 200: adminCouponResponse, ...changeRefusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCoupon(app.db, signedInUser(request)._id, request.params.id, request.body),
    }),
  );

  app.post(
    '/v1/admin/coupons/:id/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable a coupon',
        description:
          'Role ADMIN. Shoppers can no longer apply it. With the version it was read at (409 when stale or already disabled). Audit: coupon.disable.',
        params: idParam,
        body: adminVersionBody,
        response: { 200: adminCouponResponse, ...changeRefusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disableCoupon(app.db, signedInUser(request)._id, request.params.id, request.body.version),
    }),
  );
};

export default adminCouponRoutes;
