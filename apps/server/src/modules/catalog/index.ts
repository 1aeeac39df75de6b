// Public surface of the catalog module: its routes, the product artwork, what a fresh install offers,
// the admin console's catalogue routes (ADR 023), and the items the cart prices by (issue 25: it asks here).
export { default as adminCatalogRoutes } from './admin-routes.ts';
export { default as catalogAssets } from './assets.ts';
export { catalogItemKey, findCatalogItem, findCatalogItems, type CatalogItem } from './items.ts';
export { default as catalogRoutes } from './routes.ts';
export { invalidateCatalogCache } from './service.ts';
export { STARTER_GIFT_CARDS, STARTER_PRODUCTS } from './starter-catalog.ts';
// Sold codes, for the redemption module to redeem (issue 25: it asks here, the codes are the catalogue's).
export { findSoldCode, listRedeemedCodesOfOrder, lockSoldCode, markRedeemed, type SoldCode } from './sold-codes.ts';
// The code stock an order holds, for checkout (issue 25: it asks here).
export { assignCodes, countCodesHeldBy, listAssignedCodes, releaseCodes, reserveFreeCodes, type AssignedCode } from './order-codes.ts';
