import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { distinctPricesResponse, idParam, productListQuery, productListResponse, singleProductResponse } from '@store/shared';
import { getDistinctPrices, getGiftCard, getListingJson, getProduct } from './service.ts';

/**
 * The catalogue sits under the spec's admin prefix, yet guests browse /products, so these reads are
 * public. Writes (none yet) would need the admin role.
 */
const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/admin/product',
    { schema: { tags: ['catalog'], querystring: productListQuery, response: { 200: productListResponse } } },
    async (request, reply) => {
      const body = await getListingJson(app.db, request.query);
      // Already serialized (and cached); a JSON content type makes Fastify send the string as is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get('/v1/admin/product/getDistinctPrices', { schema: { tags: ['catalog'], response: { 200: distinctPricesResponse } } }, async () => {
    return { success: true as const, data: await getDistinctPrices(app.db) };
  });

  app.get(
    '/v1/admin/product/eachProduct/:id',
    { schema: { tags: ['catalog'], params: idParam, response: { 200: singleProductResponse } } },
    async (request) => ({ success: true as const, data: { data: await getProduct(app.db, request.params.id) } }),
  );

  app.get(
    '/v1/admin/gift-card/:id',
    { schema: { tags: ['catalog'], params: idParam, response: { 200: singleProductResponse } } },
    async (request) => ({ success: true as const, data: { data: await getGiftCard(app.db, request.params.id) } }),
  );
};

export default catalogRoutes;
