// Drizzle view of the store's tables the SQL migrations create (migrations/ is the source of truth), gathered:
// each module owns its tables in its own tables.ts (issue 25), the tables no module owns are in
// plumbing-tables.ts. A module imports from here only the tables it owns (lint: scripts/table-owners.js); the
// hosted checkout's own tables are in apps/checkout-host/src/tables.ts (ADR 047, 048), the sandboxes' in
// sandbox-schema.ts.
export * from '../modules/auth/tables.ts';
export * from '../modules/user/tables.ts';
export * from '../modules/mailbox/tables.ts';
export * from '../modules/settings/tables.ts';
export * from '../modules/catalog/tables.ts';
export * from '../modules/promotions/tables.ts';
export * from '../modules/coupons/tables.ts';
export * from '../modules/cart/tables.ts';
export * from '../modules/checkout/tables.ts';
export * from '../modules/wallet/tables.ts';
export * from '../modules/distributors/tables.ts';
export * from '../modules/kyc/tables.ts';
export * from '../modules/payments/tables.ts';
export * from '../modules/cashout/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/chat/tables.ts';
export * from '../modules/recordings/tables.ts';
export * from './plumbing-tables.ts';
