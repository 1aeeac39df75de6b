import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversionRateResponse, errorEnvelope, settingsResponse, whitelistStatesResponse } from '@store/shared';
import { requireSession } from '../../plugins/auth.ts';
import { getConversionRate, getStoreSettings, listWhitelistedStates } from './service.ts';

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

  // Signed in: the pay page reads it. The path is the spec's (SPEC §7); any shopper may read it.
  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    requireSession(signedIn);
    signedIn.get(
      '/v1/admin/whitelist_states/whitelist',
      {
        schema: {
          tags: ['settings'],
          description:
            'The US states purchases are allowed from (code, name, Census region), sorted by region (Northeast, Midwest, South, West), then by name. Any signed-in shopper.',
          response: { 200: whitelistStatesResponse, 401: errorEnvelope },
        },
      },
      async () => ({ success: true as const, data: { states: await listWhitelistedStates(app.db) } }),
    );
  };
  await app.register(signedInRoutes);
};

export default settingsRoutes;
