// Drizzle view of the wallet's tables (issue 25): the ledger, the balances kept with it, and the admins' adjustments.
// db/schema.ts gathers every module's tables; another module reads them through this module's index.ts.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/tables.ts';

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The shopper's three wallets, and the hold a cash-out's coins wait in (0018, ADR 017). */
    wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet', 'cashOutHold'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_entries_reference_wallet_key').on(t.reference, t.wallet),
    index('ledger_user_idx').on(t.userId, t.wallet),
    index('ledger_user_time_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/** An admin's adjustment of one wallet: who, when and why; the coins are the ledger entry 'adjustment:{id}'. */
export const walletAdjustments = pgTable(
  'wallet_adjustments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet'] }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    adminId: text('admin_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The admin's Idempotency-Key (ADR 035), unique per admin; null for adjustments made before keys. */
    idempotencyKey: text('idempotency_key'),
    /** The shopper's wallets right after the adjustment: what a retry with the same key is answered. */
    coinsAfter: jsonb('coins_after').$type<{ purchasedWallet: number; winWallet: number; stackingWallet: number }>(),
  },
  (t) => [
    // One adjustment per admin and Idempotency-Key (ADR 035).
    uniqueIndex('wallet_adjustments_admin_idempotency_key')
      .on(t.adminId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('wallet_adjustments_user_id').on(t.userId, t.createdAt),
  ],
);

/**
 * A shopper's balance in one wallet (or the cash-out hold) and how many ledger entries it sums: kept by the
 * database's trigger on every ledger insert, in the same statement (0055, ADR 061). Read, never written, here.
 */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    wallet: text('wallet', { enum: ['purchasedWallet', 'winWallet', 'stackingWallet', 'cashOutHold'] }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wallet] })],
);
