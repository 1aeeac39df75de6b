// The shapes of the purchase and cash-out settings rows (zod, and their types): apart from the service, so
// the starter rows (starter-settings.ts) and the service both build on them without importing each other.
import { z } from 'zod';
import { cardRouting, DEFAULT_CARD_ROUTING, paymentMethodKind, US_STATES } from '@store/shared';

const usStateCode = z.enum(US_STATES.map((s) => s.code) as [string, ...string[]]);
export const purchaseSettings = z.object({
  /** US state codes purchases are allowed from (SPEC §3 whiteListedStates). */
  whitelistedStates: z.array(usStateCode),
  /** The payment method kinds the store offers; a kind also needs a registered provider that serves it. */
  enabledPaymentMethods: z.array(paymentMethodKind),
  /** Which kind takes a new card (issue 24); rows written before routing existed read as Nuvei's fields alone. */
  cardRouting: cardRouting.default(DEFAULT_CARD_ROUTING),
});
export type PurchaseSettings = z.infer<typeof purchaseSettings>;

export const cashoutSettings = z.object({
  /** The fewest and most coins one request may take. */
  minCoins: z.number().int().positive(),
  maxCoins: z.number().int().positive(),
  /** The most coins a shopper's requests may take in 24 hours (rejected and failed ones do not count). */
  dailyLimitCoins: z.number().int().positive(),
  /** No cash-out within this many hours after one of the shopper's bank (ACH) purchases settled. */
  achHoldHours: z.number().int().nonnegative(),
});
export type CashoutSettings = z.infer<typeof cashoutSettings>;
