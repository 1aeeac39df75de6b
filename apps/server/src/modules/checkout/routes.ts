// SPEC §7 "Cart and checkout": placing, reading, buying at once, cancelling, all for a signed-in shopper.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyNowBody,
  errorEnvelope,
  getOrderQuery,
  idParam,
  orderActionBody,
  orderResponse,
  placeOrderBody,
  placeOrderResponse,
} from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { getCartView } from '../cart/index.ts';
import { buyNow, cancelOrder, getOrderOrLatestPending, placeOrder } from './service.ts';

const failures = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.post(
    '/v1/checkout/placeorder',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place a pending order from the cart',
        description:
          'Idempotent per cart version: the same cart placed twice gives the same pending order. data is the cart. 403 ADULT_CONFIRMATION_REQUIRED (field adultConfirmed) for an account that has not confirmed being 18 or older (POST v1/user/confirm-adult).',
        // "No body shown" in the spec: an empty request is the defaults.
        body: placeOrderBody.nullish(),
        response: { 200: placeOrderResponse, ...failures },
      },
    },
    async (request) => {
      const userId = signedInUser(request)._id;
      const order = await placeOrder(app.db, userId);
      return { success: true as const, data: await getCartView(app.db, userId), order };
    },
  );

  app.get(
    '/v1/checkout/getorder',
    {
      schema: {
        tags: ['checkout'],
        summary: 'An order of the signed-in shopper (default: the latest pending one)',
        querystring: getOrderQuery,
        response: { 200: orderResponse, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getOrderOrLatestPending(app.db, signedInUser(request)._id, request.query.orderId),
    }),
  );

  app.post(
    '/v1/checkout/buy/:id',
    {
      schema: {
        tags: ['checkout'],
        summary: 'A pending order for one catalogue item, outside the cart',
        description: '403 ADULT_CONFIRMATION_REQUIRED (field adultConfirmed) for an account that has not confirmed being 18 or older.',
        params: idParam,
        body: buyNowBody.nullish(),
        response: { 200: orderResponse, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await buyNow(app.db, signedInUser(request)._id, {
        kind: request.body?.type ?? 'product',
        itemId: request.params.id,
        quantity: request.body?.quantity ?? 1,
      }),
    }),
  );

  const orderAction = {
    schema: {
      tags: ['checkout'],
      summary: 'An action on an order (cancel a pending order)',
      body: orderActionBody,
      response: { 200: orderResponse, ...failures },
    },
  };
  // The spec's path ends in a slash; the bare form is accepted too so neither spelling is a 404.
  for (const url of ['/v1/checkout/', '/v1/checkout']) {
    app.post(url, orderAction, async (request) => ({
      success: true as const,
      data: await cancelOrder(app.db, signedInUser(request)._id, request.body.orderId),
    }));
  }
};

export default checkoutRoutes;
