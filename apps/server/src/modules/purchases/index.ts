// Public surface of the purchases module: the purchase history route, read through checkout's orders.
export { default as purchasesRoutes } from './routes.ts';
export { listPurchases } from './service.ts';
