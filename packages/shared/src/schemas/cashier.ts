import { z } from 'zod';

/**
 * POST v1/nuvei/cashier (SPEC §7): pay an order on the card provider's hosted payment page (its
 * cashier). The shopper picks or types the card there; the answer is the page's URL to go to.
 */
export const nuveiCashierBody = z.strictObject({ orderId: z.string().min(1).max(64) });
export type NuveiCashierBody = z.infer<typeof nuveiCashierBody>;

export const nuveiCashierData = z.object({
  /** The hosted payment page to send the shopper to. */
  url: z.string(),
  transactionId: z.string(),
});
export const nuveiCashierResponse = z.object({ success: z.literal(true), data: nuveiCashierData });

/** A card saved on the cashier's page (SPEC §3 userSavedNuveiCashierCards). */
export const cashierCard = z.object({
  userPaymentOptionId: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CashierCardView = z.infer<typeof cashierCard>;
