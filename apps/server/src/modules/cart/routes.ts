import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBody,
  type Cart,
  cartItemParam,
  cartQuantityBody,
  cartResponse,
  couponParam,
  getCartResponse,
  removeCartItemQuery,
} from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { addToCart, applyCoupon, changeQuantity, getCartWithDetails, removeFromCart } from './service.ts';

const tags = ['cart'];
const schemas = {
  add: {
    tags,
    description: 'Adds an item, or more of one already in the cart. Prices come from the catalogue.',
    body: addToCartBody,
    response: { 200: cartResponse },
  },
  get: {
    tags,
    description: 'The cart with promotions and totals, its priced lines (getOrderCart) and tax data.',
    response: { 200: getCartResponse },
  },
  remove: {
    tags,
    description: 'Removes an item; with ?coupon=<applied code> the coupon comes off too.',
    params: cartItemParam,
    querystring: removeCartItemQuery,
    response: { 200: cartResponse },
  },
  increase: {
    tags,
    description: 'Raises the quantity by the step (at most 100 of one item).',
    params: cartItemParam,
    body: cartQuantityBody,
    response: { 200: cartResponse },
  },
  decrease: {
    tags,
    description: 'Lowers the quantity by the step; below 1 is refused (remove the item instead).',
    params: cartItemParam,
    body: cartQuantityBody,
    response: { 200: cartResponse },
  },
  applyCoupon: {
    tags,
    description: 'Checks and applies a coupon to the cart; problems are 422 naming the coupon field.',
    params: couponParam,
    response: { 200: cartResponse },
  },
};

/** SPEC §7 "Cart and checkout": the cart calls, all for a signed-in shopper. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  /** Replies with the changed cart and tells the shopper's other tabs the new badge count. */
  const changed = (userId: string, cart: Cart) => {
    app.live.emitToUser(userId, 'cartUpdated', { itemCount: cart.itemCount });
    return { success: true as const, data: cart };
  };

  app.post('/v1/cart', { schema: schemas.add }, async (request) => {
    const userId = signedInUser(request)._id;
    return changed(userId, await addToCart(app.db, userId, request.body));
  });

  app.get('/v1/cart', { schema: schemas.get }, async (request) => {
    const { cart, lines, taxData } = await getCartWithDetails(app.db, signedInUser(request)._id);
    return { success: true as const, data: cart, getOrderCart: lines, taxData };
  });

  app.delete('/v1/cart/:itemId', { schema: schemas.remove }, async (request) => {
    const userId = signedInUser(request)._id;
    return changed(userId, await removeFromCart(app.db, userId, request.params.itemId, request.query.coupon));
  });

  app.put('/v1/cart/increasequantity/:itemId', { schema: schemas.increase }, async (request) => {
    const userId = signedInUser(request)._id;
    return changed(userId, await changeQuantity(app.db, userId, request.params.itemId, request.body.quantity));
  });

  app.put('/v1/cart/decreasequantity/:itemId', { schema: schemas.decrease }, async (request) => {
    const userId = signedInUser(request)._id;
    return changed(userId, await changeQuantity(app.db, userId, request.params.itemId, -request.body.quantity));
  });

  app.get('/v1/cart/apply-coupon/:coupon', { schema: schemas.applyCoupon }, async (request) => {
    return { success: true as const, data: await applyCoupon(app.db, signedInUser(request)._id, request.params.coupon) };
  });
};

export default cartRoutes;
