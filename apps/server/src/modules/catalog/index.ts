// Public surface of the catalog module: its routes, the product artwork, what a fresh install offers,
// the admin console's catalogue routes (ADR 023), and the SQL test of a gift card's availability (stock included) that the cart prices by.
export { default as adminCatalogRoutes } from './admin-routes.ts';
export { default as catalogAssets } from './assets.ts';
export { giftCardAvailable } from './availability.ts';
export { default as catalogRoutes } from './routes.ts';
export { invalidateCatalogCache } from './service.ts';
export { STARTER_GIFT_CARDS, STARTER_PRODUCTS } from './starter-catalog.ts';
