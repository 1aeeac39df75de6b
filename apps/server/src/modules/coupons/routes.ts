import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponListResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { listCouponsFor } from './service.ts';

const listSchema = {
  tags: ['cart'],
  description: 'Coupons the shopper may use now: public ones and those issued to them.',
  response: { 200: couponListResponse },
};

const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.get('/v1/checkout/coupons', { schema: listSchema }, async (request) => ({
    success: true as const,
    data: await listCouponsFor(app.db, signedInUser(request)._id),
  }));
};

export default couponRoutes;
