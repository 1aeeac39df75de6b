// The cart as the server sends it: the contract's schemas in packages/shared (money in integer cents).
export type {
  Cart,
  CartItem,
  CartItemKind,
  CartTotals,
  CouponIssue,
  CouponOffer as AvailableCoupon,
  GetCartResponse,
  TaxData,
} from '@store/shared';
import type { Cart, Order } from '@store/shared';

export type CartItemRef = Cart['items'][number]['itemId'];
export type CartCoupon = NonNullable<Cart['coupon']>;

/** The part of the placed order the cart needs: where to pay it. */
export type PlacedOrder = Pick<Order, '_id' | 'status' | 'total'>;
