import { z } from 'zod';
import { bonusType, promotion } from './catalog.ts';

/** Largest quantity of one item a cart line may hold (and the largest step of one change). */
export const MAX_CART_QUANTITY = 100;

export const cartItemKind = z.enum(['product', 'giftCard']);
export type CartItemKind = z.infer<typeof cartItemKind>;

/** A quantity the shopper asks for: a whole number from 1 to 100. */
export const cartQuantity = z.number().int().min(1).max(MAX_CART_QUANTITY);

/** POST v1/cart: the item to add (prices always come from the catalogue, never from the client). */
export const addToCartBody = z.strictObject({
  itemId: z.string().min(1).max(64),
  quantity: cartQuantity,
  /** Which catalogue the id names; without it a product is looked for first, then a gift card. */
  type: cartItemKind.optional(),
});
export type AddToCartBody = z.infer<typeof addToCartBody>;

/** PUT v1/cart/increasequantity/{itemId} and decreasequantity: the step to apply. */
export const cartQuantityBody = z.strictObject({ quantity: cartQuantity });
export type CartQuantityBody = z.infer<typeof cartQuantityBody>;

/** `{itemId}` in cart paths is the catalogue id of the item (cart.items[].itemId._id). */
export const cartItemParam = z.strictObject({ itemId: z.string().min(1).max(64) });
export const removeCartItemQuery = z.strictObject({ coupon: z.string().max(64).optional() });
export const couponParam = z.strictObject({ coupon: z.string().min(1).max(64) });

export const couponKind = z.enum(['PERCENT', 'FIXED']);
export type CouponKind = z.infer<typeof couponKind>;

/** The catalogue item a cart line holds, as the cart shows it. price is integer cents. */
export const cartItemDetails = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number().int(),
  coins: z.number().int(),
  kind: cartItemKind,
  bonusType: bonusType.nullable(),
  bonusAmount: z.number().int().nullable(),
  isAvailable: z.boolean(),
});

export const cartItem = z.object({
  itemId: cartItemDetails,
  quantity: z.number().int(),
  /** price × quantity, cents. */
  lineTotal: z.number().int(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartTotals = z.object({
  /** All cents: subtotal − discount + tax = total. Sold-out items count for nothing. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Package coins of the items; bonusCoins adds package bonuses and promotions; totalCoins is both. */
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  totalCoins: z.number().int(),
});
export type CartTotals = z.infer<typeof cartTotals>;

export const appliedCoupon = z.object({ code: z.string(), kind: couponKind, amount: z.number().int() });

/** The coupon the shopper applied that no longer counts (expired, below its minimum, used up), and why. */
export const couponIssue = z.object({ code: z.string(), message: z.string() });
export type CouponIssue = z.infer<typeof couponIssue>;

export const cart = z.object({
  _id: z.string(),
  items: z.array(cartItem),
  /** Sum of the quantities: what the header badge shows. */
  itemCount: z.number().int(),
  orderType: z.literal('DigitalProduct'),
  amountType: z.literal('static'),
  /** Coins per dollar. */
  coin: z.number().int(),
  /** The active web promotion, applied to the coins of this cart. */
  promotion: promotion.nullable(),
  /** The first-purchase promotion, only while this shopper still qualifies. */
  eligibilityPromotion: promotion.nullable(),
  /** Latest Android app version. */
  android: z.string(),
  coupon: appliedCoupon.nullable(),
  /** Set while the applied coupon is not counted in the totals (then coupon is null); null otherwise. */
  couponIssue: couponIssue.nullable(),
  totals: cartTotals,
  /** Largest order total allowed, cents. */
  transactionLimit: z.number().int(),
});
export type Cart = z.infer<typeof cart>;

/** One priced line of the cart (GET v1/cart getOrderCart). Money in cents. */
export const cartLine = z.object({
  kind: cartItemKind,
  itemId: z.string(),
  name: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  coins: z.number().int(),
  /** The package's own bonus for this line (promotions are in the cart totals). */
  bonusCoins: z.number().int(),
});
export type CartLine = z.infer<typeof cartLine>;

export const taxData = z.object({
  /** The shopper's address state, null when no address is on file. */
  state: z.string().nullable(),
  rateBps: z.number().int(),
  taxCents: z.number().int(),
});
export type TaxData = z.infer<typeof taxData>;

export const cartResponse = z.object({ success: z.literal(true), data: cart });
export type CartResponse = z.infer<typeof cartResponse>;

/** GET v1/cart: the cart plus its priced lines and tax (SPEC §7: the whole response feeds both). */
export const getCartResponse = z.object({
  success: z.literal(true),
  data: cart,
  getOrderCart: z.array(cartLine),
  taxData,
});
export type GetCartResponse = z.infer<typeof getCartResponse>;

export const couponOffer = z.object({
  code: z.string(),
  kind: couponKind,
  /** Percent (1..100) for PERCENT, cents for FIXED. */
  amount: z.number().int(),
  minSubtotalCents: z.number().int(),
  endsAt: z.string().nullable(),
  description: z.string(),
});
export type CouponOffer = z.infer<typeof couponOffer>;
export const couponListResponse = z.object({ success: z.literal(true), data: z.array(couponOffer) });
