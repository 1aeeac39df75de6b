// Redeeming a gift-card code in the store (issue 24): POST v1/gift-cards/check shows what a sold code gives,
// POST v1/gift-cards/redeem puts it in the redeeming shopper's wallet, once.
import { z } from 'zod';
import { GIFT_CODE_PATTERN } from './admin-catalogue.ts';

export const giftCardCodeBody = z.strictObject({
  code: z.string().trim().regex(GIFT_CODE_PATTERN, 'must be a gift-card code: 4 to 64 letters, digits or dashes'),
});
export type GiftCardCodeBody = z.infer<typeof giftCardCodeBody>;

/** A sold code as the person holding it sees it: the gift card, what it gives, and whether it was redeemed. */
export const redeemableCode = z.object({
  code: z.string(),
  name: z.string(),
  image: z.string(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  totalCoins: z.number().int(),
  /** When it was redeemed; null while it can be. */
  redeemedAt: z.string().nullable(),
});
export type RedeemableCode = z.infer<typeof redeemableCode>;
export const redeemableCodeResponse = z.object({ success: z.literal(true), data: redeemableCode });

/** What an unknown, unsold or refunded code is told (the same for each: a guess learns nothing). */
export const GIFT_CARD_CODE_UNKNOWN_MESSAGE = "We don't know this code. Check it against your receipt: letters, digits and dashes.";
export const GIFT_CARD_CODE_REDEEMED_MESSAGE = 'This code has already been redeemed.';
/** Checks and redemptions a shopper may try in an hour: enough for typos, too few to guess codes. */
export const GIFT_CARD_CODE_ATTEMPTS_PER_HOUR = 20;
