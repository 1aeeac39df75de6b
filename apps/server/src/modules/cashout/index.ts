// Public surface of the cash-out module (issue 10, ADR 017): the shopper's and the admin's routes, and
// its background work (payout recovery, live updates).
export { cashoutBackground } from './background.ts';
export { type CashoutCrashPoint } from './crash-points.ts';
export { default as cashoutRoutes } from './routes.ts';
