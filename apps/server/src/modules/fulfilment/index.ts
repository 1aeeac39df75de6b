// Public surface of the fulfilment module: recording a payment's approval and fulfilling the paid order
// exactly once, and its background work. It builds on checkout (orders), cart, coupons and wallet.
export { fulfilmentBackground } from './background.ts';
export { fulfilOrder, orderLedgerReference, recordPaymentApproved, type ApprovalSteps, type FulfilmentDeps } from './service.ts';
export { reversalLedgerReference, reverseOrderGrant, type ReversalSteps } from './reversal.ts';
