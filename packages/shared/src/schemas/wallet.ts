import { z } from 'zod';

import { LEDGER_ENTRY_KINDS, LEDGER_WALLET_NAMES, WALLET_NAMES } from '../wallet-constants.ts';

// The names and labels are in wallet-constants.ts, which the header reads without zod (issue 26).
export const walletName = z.enum(WALLET_NAMES);
export const ledgerWalletName = z.enum(LEDGER_WALLET_NAMES);
export const ledgerEntryKind = z.enum(LEDGER_ENTRY_KINDS);

/** Whole numbers in a query string: digits only (a plain coercion reads '' as 0 and '1e2' as 100). */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** GET v1/wallet/history (ADR 004): page from 1, limit 1 to 100 (default 20). */
export const walletHistoryQuery = z.strictObject({
  page: wholeNumber(1_000_000).default(1),
  limit: wholeNumber(100).default(20),
});
export type WalletHistoryQuery = z.infer<typeof walletHistoryQuery>;

export const walletHistoryEntry = z.object({
  id: z.number().int(),
  wallet: ledgerWalletName,
  /** Signed integer coins: positive into the wallet, negative out of it. */
  amount: z.number().int(),
  kind: ledgerEntryKind,
  /** What the entry belongs to (an order, a cash-out, a provider's transaction, an adjustment). */
  reference: z.string(),
  createdAt: z.string(),
  /**
   * The shopper's balance just after this entry (issue 24): purchased, winnings and promotional coins together,
   * as the header shows it; coins held for a cash-out are not in it.
   */
  balanceAfter: z.number().int(),
  /** The order the entry is about (its coins, or their reversal), by id and the number people read; else null. */
  order: z.object({ id: z.string(), number: z.number().int() }).nullable(),
});
export type WalletHistoryEntry = z.infer<typeof walletHistoryEntry>;

export const walletHistoryResponse = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(walletHistoryEntry),
    /** Every entry of the shopper, across all pages. */
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
  }),
});
export type WalletHistoryResponse = z.infer<typeof walletHistoryResponse>;

/** Text without NUL characters (PostgreSQL cannot store them). */
const plainText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character');

/**
 * POST v1/third-party/distributors/{distributor}/credits (ADR 004): a game provider credits a shopper's
 * winnings (winWallet). Signed, not a session; applied once per (distributor, transactionId).
 */
export const distributorCreditBody = z.strictObject({
  /** The provider's own id of this credit: a repeat of it is the same credit. */
  transactionId: plainText(100).pipe(z.string().min(1)),
  userId: plainText(64).pipe(z.string().min(1)),
  /** Positive integer coins (at most 100,000,000 in one credit). */
  amount: z.number().int().positive().max(100_000_000),
  reason: plainText(200).optional(),
});
export type DistributorCreditBody = z.infer<typeof distributorCreditBody>;

export const distributorParams = z.strictObject({ distributor: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) });

export const distributorCreditResponse = z.object({
  success: z.literal(true),
  data: z.object({
    transactionId: z.string(),
    userId: z.string(),
    amount: z.number().int(),
    /** false when this credit had been applied before (a repeat): nothing moved this time. */
    applied: z.boolean(),
  }),
});
export type DistributorCreditResponse = z.infer<typeof distributorCreditResponse>;

/**
 * POST v1/admin/wallet/adjustments (ADR 004): an admin adds coins to (positive) or takes them from
 * (negative) one wallet of a shopper, with the reason; recorded with who and when.
 */
export const walletAdjustmentBody = z.strictObject({
  userId: plainText(64).pipe(z.string().min(1)),
  wallet: walletName,
  amount: z
    .number()
    .int()
    .min(-100_000_000)
    .max(100_000_000)
    .refine((n) => n !== 0, 'must not be zero'),
  reason: plainText(500).pipe(z.string().trim().min(1, 'is required')),
});
export type WalletAdjustmentBody = z.infer<typeof walletAdjustmentBody>;

/** The header an admin's adjustment carries: one key per adjustment meant, the same on a retry of it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The adjustment's headers: an Idempotency-Key of 8 to 128 visible ASCII characters (a UUID will do).
 * The same key with the same body answers the first adjustment again without moving coins; with another
 * body it is a 422. Loose: the request's other headers pass through.
 */
export const walletAdjustmentHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'is required: one key per adjustment, the same when it is retried' })
    .regex(/^[\x21-\x7e]{8,128}$/, 'must be 8 to 128 visible ASCII characters (a UUID will do)'),
});

export const walletAdjustmentResponse = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    userId: z.string(),
    wallet: walletName,
    amount: z.number().int(),
    reason: z.string(),
    adminId: z.string(),
    createdAt: z.string(),
    /** The shopper's wallets after the adjustment. */
    coins: z.object({ purchasedWallet: z.number().int(), winWallet: z.number().int(), stackingWallet: z.number().int() }),
  }),
});
export type WalletAdjustmentResponse = z.infer<typeof walletAdjustmentResponse>;
