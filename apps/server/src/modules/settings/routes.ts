import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionRateResponse, settingsResponse } from '@store/shared';
import { getConversionRate, getStoreSettings } from './service.ts';

/** Public: the footer, app links and the cart's coin rate are needed before anyone signs in. */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/settings', { schema: { tags: ['settings'], response: { 200: settingsResponse } } }, async () => {
    return { success: true as const, data: await getStoreSettings(app.db) };
  });

  // The path keeps the spec's spelling ("convertionrate"): existing clients call it.
  app.get('/v1/cart/convertionrate', { schema: { tags: ['settings'], response: { 200: conversionRateResponse } } }, async () => {
    const rate = await getConversionRate(app.db);
    return { success: true as const, data: rate.coinsPerDollar, transactionLimit: rate.transactionLimitCents };
  });
};

export default settingsRoutes;
