// Public surface of the promotions module: the running promotions and their public routes.
export { default as promotionRoutes } from './routes.ts';
export { getActivePromotion, getFirstPurchasePromotion } from './service.ts';
export { STARTER_PROMOTIONS } from './starter-promotions.ts';
