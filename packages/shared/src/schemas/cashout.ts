import { z } from 'zod';

/**
 * A cash-out's states (issue 10, ADR 017):
 *   PENDING   requested; the coins left winWallet for the hold; waiting for an admin
 *   APPROVED  an admin approved it; the payout to the bank account is in flight
 *   PAID      the provider paid the bank account; the held coins are gone for good (ledger kind payout)
 *   REJECTED  an admin refused it; the held coins went back to winWallet (ledger kind return)
 *   FAILED    the provider refused the payout; the held coins went back to winWallet (ledger kind return)
 */
export const CASHOUT_STATUSES = ['PENDING', 'APPROVED', 'PAID', 'REJECTED', 'FAILED'] as const;
export const cashoutStatus = z.enum(CASHOUT_STATUSES);
export type CashoutStatus = z.infer<typeof cashoutStatus>;

/** POST v1/third-party/requests/cashouts: integer coins from winWallet to one of the shopper's saved bank accounts. */
export const cashoutRequestBody = z.strictObject({
  amount: z.number().int('must be a whole number of coins').positive('must be more than zero').max(100_000_000),
  userPaymentOptionId: z.string().min(1).max(100),
});
export type CashoutRequestBody = z.infer<typeof cashoutRequestBody>;

/** The rules a cash-out request must keep (settings row 'cashout'), shown beside the form. */
export const cashoutRules = z.object({
  minCoins: z.number().int().positive(),
  maxCoins: z.number().int().positive(),
  dailyLimitCoins: z.number().int().positive(),
  /** No cash-out within this many hours after an ACH purchase settled. */
  achHoldHours: z.number().int().nonnegative(),
  coinsPerDollar: z.number().positive(),
});
export type CashoutRules = z.infer<typeof cashoutRules>;

export const cashoutItem = z.object({
  _id: z.string(),
  amount: z.number().int(),
  /** What the bank account receives, in US cents (coins at the store's rate). */
  amountCents: z.number().int(),
  status: cashoutStatus,
  userPaymentOptionId: z.string(),
  bankName: z.string(),
  last4: z.string(),
  rejectionReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CashoutItem = z.infer<typeof cashoutItem>;

/** What an admin sees: the item with its shopper and who decided, and when. */
export const adminCashoutItem = cashoutItem.extend({
  userId: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type AdminCashoutItem = z.infer<typeof adminCashoutItem>;

export const cashoutResponse = z.object({ success: z.literal(true), data: cashoutItem });
export const cashoutListResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(cashoutItem), rules: cashoutRules }),
});
export type CashoutListResponse = z.infer<typeof cashoutListResponse>;

export const adminCashoutQuery = z.strictObject({ status: cashoutStatus.optional() });
export const adminCashoutParams = z.strictObject({ id: z.string().min(1).max(64) });
export const adminCashoutRejectBody = z.strictObject({
  reason: z
    .string()
    .max(500)
    .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character')
    .pipe(z.string().trim().min(1, 'is required')),
});
export const adminCashoutResponse = z.object({ success: z.literal(true), data: adminCashoutItem });
/** A row of the console's list: who asked, and who decided, by e-mail and name (issue 24: never by id alone). */
export const adminCashoutListItem = adminCashoutItem.extend({
  email: z.string(),
  name: z.string(),
  decidedByEmail: z.string().nullable(),
});
export type AdminCashoutListItem = z.infer<typeof adminCashoutListItem>;
export const adminCashoutListResponse = z.object({ success: z.literal(true), data: z.array(adminCashoutListItem) });
