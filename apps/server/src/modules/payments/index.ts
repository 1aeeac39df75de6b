// Public surface of the payments module: the card payment routes (and the provider's notification),
// its background reconciliation, and the names of the crash points the restart test kills it at.
export { paymentsBackground } from './background.ts';
export { type CrashPoint } from './crash-points.ts';
export { type PaymentsDeps } from './deps.ts';
export { default as paymentRoutes } from './routes.ts';
