// Who owns each table of apps/server/src/db/schema.ts (issue 25, DESIGN §3: each module owns its tables and
// reads another's data only through that module's index). eslint.config.js refuses a module's import of a
// table it does not own; scripts/table-owners.test.ts fails when a table has no owner here.
//
// KNOWN_CROSS_READS lists the reads of another module's tables that exist today, module by module: only the
// admin console's and the audit log's, their read model of the whole store (its searches and the targets it
// names), which the issue allows. Nothing may be added to it (a new read goes through the owner's index).

/**
 * Each table (its export name in db/schema.ts) → the module that owns it, defined in that module's tables.ts, or
 * 'plumbing' (background/, plugins/, providers/), defined in db/plumbing-tables.ts.
 */
export const TABLE_OWNERS = {
  users: 'auth',
  sessions: 'auth',
  emailTokens: 'auth',
  socialIdentities: 'auth',
  socialSignInStates: 'auth',
  socialSignInHandoffs: 'auth',
  userAvatars: 'user',
  mailbox: 'mailbox',
  settings: 'settings',
  products: 'catalog',
  giftCards: 'catalog',
  giftCardCodes: 'catalog',
  catalogImages: 'catalog',
  promotions: 'promotions',
  coupons: 'coupons',
  couponRedemptions: 'coupons',
  carts: 'cart',
  cartItems: 'cart',
  orders: 'checkout',
  orderItems: 'checkout',
  firstPurchases: 'promotions',
  ledgerEntries: 'wallet',
  walletBalances: 'wallet',
  walletAdjustments: 'wallet',
  distributorCredits: 'distributors',
  kycRecords: 'kyc',
  kycAttempts: 'kyc',
  kycResets: 'kyc',
  payments: 'payments',
  savedCards: 'payments',
  paymentWebhookEvents: 'payments',
  bankAccounts: 'payments',
  accountFlags: 'payments',
  cashouts: 'cashout',
  adminAuditLog: 'audit',
  chatConversations: 'chat',
  chatMessages: 'chat',
  recordingSessions: 'recordings',
  recordingBatches: 'recordings',
  recordingOptOuts: 'recordings',
  outbox: 'plumbing',
  liveEvents: 'plumbing',
  vaultCards: 'plumbing',
  cashierSavedCards: 'plumbing',
  providerCustomers: 'plumbing',
  bankLinks: 'plumbing',
};

/** Module → the tables of other owners it still reads directly (see above: only ever shrinks). */
export const KNOWN_CROSS_READS = {
  // The admin console's read model: its searches and dashboard across the store.
  admin: ['cashouts', 'kycRecords', 'ledgerEntries', 'orderItems', 'orders', 'payments', 'users'],
  // The audit log names what an admin changed (a coupon, a product, an order, a shopper …) as it is now.
  audit: ['cashouts', 'coupons', 'giftCards', 'orders', 'products', 'promotions', 'users'],
};

/** The tables module `m` may not import from db/schema.ts: every other owner's, less its known reads. */
export function foreignTables(m) {
  const known = new Set(KNOWN_CROSS_READS[m] ?? []);
  return Object.entries(TABLE_OWNERS)
    .filter(([table, owner]) => owner !== m && table !== 'outbox' && !known.has(table))
    .map(([table]) => table);
}
