// Public surface of the purchases module: the shopper's purchase history and wallet history routes, a read
// model over checkout's orders and the wallet's ledger.
export { default as purchasesRoutes } from './routes.ts';
export { listPurchases } from './service.ts';
