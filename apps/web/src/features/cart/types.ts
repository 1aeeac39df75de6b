// The cart as the server sends it: the contract's schemas in packages/shared (money in integer cents).
export type { Cart, CartItem, CartItemKind, CartTotals, CouponIssue, CouponOffer as AvailableCoupon, TaxData } from '@store/shared';
import type { Cart } from '@store/shared';

export type CartItemRef = Cart['items'][number]['itemId'];
export type CartCoupon = NonNullable<Cart['coupon']>;
