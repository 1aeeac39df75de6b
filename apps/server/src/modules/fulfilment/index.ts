// Public surface of the fulfilment module: the first-purchase claim and the ledger reference the
// pay-an-order workflow (workflows/pay-order) fulfils a paid order with, the receipt and live updates
// after it (its background work), and the taking back of a refunded order's grant (the workflow's step).
export { fulfilmentBackground } from './background.ts';
export { orderLedgerReference, settleFirstPurchaseBonus, type FulfilmentDeps } from './service.ts';
export { reversalLedgerReference, takeBackGrant } from './reversal.ts';
