// Public surface of the redemption module (issue 24): gift-card codes redeemed into the wallet, and taken back
// when the order that sold them is refunded.
export { default as redemptionRoutes } from './routes.ts';
export { redemptionLedgerReference, takeBackRedeemedCodes } from './service.ts';
