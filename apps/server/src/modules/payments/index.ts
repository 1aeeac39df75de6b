// Public surface of the payments module: the card payment routes (and the provider's notification),
// its background reconciliation, and the names of the crash points the restart test kills it at.
export { paymentsBackground } from './background.ts';
// The card-attempt limits (ADR 031): the background work counts declines a lookup finds.
export { cardLimitsOf } from './card-attempts.ts';
export { type CrashPoint } from './crash-points.ts';
export { type PaymentsDeps } from './deps.ts';
export { default as paymentRoutes } from './routes.ts';
// The bank-linking page, outside /api (ADR 011).
export { default as bankLinkPage } from '../../providers/payments/nuvei/ach/link-page.ts';
// The cards saved on the cashier's page (SPEC §3 userSavedNuveiCashierCards), listed and deleted with the other methods.
export { listCashierCards, removeCashierCard, type CashierCard } from '../../providers/payments/nuvei/cashier/saved-cashier-cards.ts';
// For cash-outs (issue 10): whose a saved bank account is, and when the shopper's last bank purchase settled.
export { findSavedBankAccount, lastSettledBankPaymentAt } from './cashout-facts.ts';
