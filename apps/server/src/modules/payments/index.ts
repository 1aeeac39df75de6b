// Public surface of the payments module: the card payment routes (and the provider's notification),
// its background reconciliation, and the names of the crash points the restart test kills it at.
export { paymentsBackground } from './background.ts';
// The card-attempt limits (ADR 031): the background work counts declines a lookup finds.
export { cardLimitsOf } from './card-attempts.ts';
export { type CrashPoint } from './crash-points.ts';
export { type PaymentsDeps } from './deps.ts';
export { default as paymentRoutes } from './routes.ts';
// The provider families' pages outside /api (the bank-linking page, ADR 011).
export { default as paymentPages } from './pages.ts';
// For cash-outs (issue 10): whose a saved bank account is, and when the shopper's last bank purchase settled.
export { findSavedBankAccount, lastSettledBankPaymentAt } from './cashout-facts.ts';
// What checkout asks of its orders' payments (ADR 057): settling, and the method that paid.
export { hasSettlingPayment, listPaymentMethods, listSettlingOrderIds } from './order-facts.ts';
// Reconciliation's pass and its thresholds: the provider families' tests (providers/payments/*) run a pass
// and age attempts past them, as the module's own tests do.
export { IN_FLIGHT_STALE_MS, PLACEHOLDER_STALE_MS, reconcilePayments } from './reconcile.ts';
// The pay-an-order workflow's steps of payments (workflows/pay-order, issue 25): in the approval's
// transaction, and after it commits.
export { keepApprovedCard, writeApproval } from './approval.ts';
export { assertOrderUnpaid, claimAttempt, openAttempt } from './attempts.ts';
export { recordOrderReversal } from './reversal-record.ts';
export { claimOrderRefund } from './refunds/service.ts';
