import { z } from 'zod';

export const bonusType = z.enum(['PERCENTAGE', 'COINS']);

/** Fields every package shares. price is integer cents; coins integer. */
const packageFields = {
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number().int(),
  coins: z.number().int(),
  isAvailable: z.boolean(),
  bonusType: bonusType.nullable(),
  bonusAmount: z.number().int().nullable(),
};

/** A coin package (SPEC §3 Product). */
export const product = z.object({ ...packageFields, kind: z.literal('product') });
export type Product = z.infer<typeof product>;

export const giftCard = z.object({ ...packageFields, brand: z.string(), kind: z.literal('giftCard') });
export type GiftCard = z.infer<typeof giftCard>;

export const productListQuery = z.strictObject({
  sortOrder: z.enum(['asc', 'desc']).optional(),
  /**
   * Filter to one price (integer cents), as offered by getDistinctPrices. Digits only: a plain coercion
   * would read '' as 0 and '0x1f4' as 500.
   */
  price: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number of cents, digits only')
    .transform(Number)
    .pipe(z.number().max(100_000_000))
    .optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** GET v1/admin/product: data.data is the list (SPEC §7). */
export const productListResponse = z.object({
  success: z.literal(true),
  data: z.object({ data: z.array(product), giftCards: z.array(giftCard) }),
});
export type ProductListResponse = z.infer<typeof productListResponse>;

export const distinctPricesResponse = z.object({ success: z.literal(true), data: z.array(z.number().int()) });

/** eachProduct/{id} and gift-card/{id}: data.data is the single package (SPEC §7). */
export const singleProductResponse = z.object({
  success: z.literal(true),
  data: z.object({ data: z.union([product, giftCard]) }),
});

export const promotion = z.object({
  _id: z.string(),
  name: z.string(),
  bonusPercentage: z.number().int(),
  bonusType: bonusType,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotion>;
export const promotionResponse = z.object({ success: z.literal(true), data: promotion.nullable(), promotion: promotion.nullable() });

export const conversionRateResponse = z.object({
  success: z.literal(true),
  /** Coins per dollar. */
  data: z.number().int(),
  /** Largest order total allowed, integer cents. */
  transactionLimit: z.number().int(),
});
