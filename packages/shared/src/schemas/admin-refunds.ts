// An admin's refund of an order through its payment provider (issue 12, ADR 026):
// POST /api/v1/admin/orders/:id/refund.
import { z } from 'zod';

export const adminRefundBody = z.strictObject({
  /** Why the order is refunded: kept in the audit log, never shown to the shopper. */
  reason: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(500)
    .refine((s) => !s.includes('\u0000'), 'must not contain a NUL character'),
});
export type AdminRefundBody = z.infer<typeof adminRefundBody>;

export const adminRefundResult = z.object({
  orderId: z.string(),
  state: z.literal('refunded'),
  /** What the provider gave back to the payer, in integer cents (the whole payment). */
  refundedCents: z.number().int().nonnegative(),
  /** Coins taken back from the shopper's purchasedWallet through the ledger (0 when none had been credited yet). */
  reversedCoins: z.number().int().nonnegative(),
});
export type AdminRefundResult = z.infer<typeof adminRefundResult>;

export const adminRefundResponse = z.object({ success: z.literal(true), data: adminRefundResult });
export type AdminRefundResponse = z.infer<typeof adminRefundResponse>;
