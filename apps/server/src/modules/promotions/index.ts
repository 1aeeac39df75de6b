// Public surface of the promotions module: the running promotions and their public routes.
export { default as promotionRoutes } from './routes.ts';
// The admin console's promotions (issue 12): role ADMIN, apart from the shoppers' public calls.
export { default as adminPromotionRoutes } from './admin-routes.ts';
export { getActivePromotion, getFirstPurchasePromotion } from './service.ts';
export { STARTER_PROMOTIONS } from './starter-promotions.ts';
// The first-purchase promotion's eligibility: cart prices by it, fulfilment claims it (issue 25).
export { claimFirstPurchase, hasFirstPurchase } from './first-purchases.ts';
