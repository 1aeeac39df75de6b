// The server modules and the modules each may use (DESIGN.md §3, ADR 007): the one-way order eslint.config.js
// enforces (SERVER_MODULE_USES) and docs/architecture.md draws (checked by scripts/architecture.test.ts).
// Each names the modules it may use; a comment says why a dependency exists.
export const SERVER_MODULE_USES = {
  // Revoking a shopper's sessions is an admin change (issue 12, ADR 025), so it is audited.
  auth: ['audit'],
  // The admin console's catalogue (ADR 023) records its changes in the audit log.
  catalog: ['audit'],
  // coupons, promotions, settings: their admin changes write the audit log (issue 12, ADR 024).
  coupons: ['audit'],
  mailbox: [],
  promotions: ['audit'],
  settings: ['audit'],
  // The audit log of admin changes (issue 12): a leaf, so every module may record an admin change.
  audit: [],
  // An adjustment locks the shopper's account (auth's lockAccount).
  wallet: ['audit', 'auth'],
  // Identity verification (ADR 016): its own record, attempts and provider.
  kyc: ['audit', 'auth'],
  // getuser carries the social sign-in state (SPEC §3 fbData, appleData, provider; ADR 029); the profile's
  // columns are the account's (auth), the verification record kyc's, the balances the wallet's (issue 25).
  user: ['auth', 'kyc', 'wallet'],
  // Pricing: the items (catalog), the coupon, the promotions and the first purchase, the settings, the shopper's tax state (user).
  cart: ['catalog', 'coupons', 'promotions', 'settings', 'user'],
  // An order is placed only for an account that confirmed being 18 or older (issue 24; user's isAdultConfirmed).
  // Whether an order's payment is settling and how it was paid: checkout asks payments (ADR 057).
  checkout: ['cart', 'catalog', 'coupons', 'payments', 'user'],
  // Gift-card codes redeemed into the wallet (issue 24): the order that sold a code must still stand.
  redemption: ['catalog', 'checkout', 'wallet'],
  // A refund takes back the coins of the order's redeemed gift-card codes (redemption).
  // The receipt's addressee is an account (auth's findAccount, issue 25).
  fulfilment: ['auth', 'cart', 'checkout', 'coupons', 'promotions', 'redemption', 'wallet'],
  // The shopper's histories: purchases (checkout's orders) and the wallet's ledger with its orders named.
  purchases: ['checkout', 'wallet'],
  // An admin's refund writes the audit log (ADR 026). Orders through the pay-an-order workflow (deps.payOrder), not checkout.
  payments: ['audit', 'settings', 'user'],
  // Game providers' credits: their keys are settings, the coins go through the wallet's ledger.
  distributors: ['auth', 'settings', 'wallet'],
  // Cash-outs (ADR 017): the verification, the saved bank accounts and ACH hold, the rules, the profile's state, the ledger.
  cashout: ['audit', 'auth', 'kyc', 'payments', 'settings', 'user', 'wallet'],
  // The admin console (issue 12): reads across the store; its audit log is the leaf module audit.
  // Live chat (ADR 027): assign, answer and close are audited; the inbox shows the shopper's recent purchases.
  chat: ['audit', 'auth', 'purchases'],
  // kyc: the dashboard counts the identity reviews the kyc module lists (ADR 025); checkout names the orders of a
  // shopper's ledger entries.
  admin: ['audit', 'chat', 'checkout', 'kyc', 'wallet'],
  // Session recording and replay (ADR 028): its settings, and the audit log of their changes.
  recordings: ['audit', 'auth', 'settings'],
};
