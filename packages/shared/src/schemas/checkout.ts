// Checkout and purchases (SPEC §7 "Cart and checkout"): orders, their bodies and responses.
import { z } from 'zod';
import { AMOUNT_TYPE_DEFAULT, ORDER_TYPE_DEFAULT } from '../constants.ts';
import { cart } from './cart.ts';
import { paymentMethodKind } from './payments.ts';

export const orderStatus = z.enum(['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderItemKind = z.enum(['product', 'giftCard']);

/** One line of an order, priced from the catalogue when the order was placed (cents, coins). */
export const orderItem = z.object({
  kind: orderItemKind,
  itemId: z.string(),
  name: z.string(),
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItem>;

/** A gift-card code, shown to its buyer once the order is fulfilled. */
export const giftCardCodeView = z.object({ giftCardId: z.string(), name: z.string(), code: z.string() });
export type GiftCardCodeView = z.infer<typeof giftCardCodeView>;

export const order = z.object({
  _id: z.string(),
  /** The number people read ("#100042", formatOrderNumber): receipts, My purchases, support, the console. */
  number: z.number().int().positive(),
  status: orderStatus,
  items: z.array(orderItem),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  coins: z.number().int(),
  bonusCoins: z.number().int(),
  totalCoins: z.number().int(),
  coupon: z.object({ code: z.string() }).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  giftCardCodes: z.array(giftCardCodeView),
  failureReason: z.string().nullable(),
  /**
   * Present (true) while a payment of the order has been taken and its money is settling (a bank
   * payment, ACH): the order is still pending, and moves on when the bank settles or refuses it (ADR 011).
   */
  paymentProcessing: z.literal(true).optional(),
  /** How the order was paid: the method of the payment that paid it; null until one has (PAYMENT_METHOD_LABELS). */
  paidWith: paymentMethodKind.nullable(),
});
export type Order = z.infer<typeof order>;

/** POST v1/checkout/placeorder: the order's type and amount type (the spec's defaults). */
export const placeOrderBody = z.strictObject({
  orderType: z.literal(ORDER_TYPE_DEFAULT).optional(),
  amountType: z.literal(AMOUNT_TYPE_DEFAULT).optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const getOrderQuery = z.strictObject({ orderId: z.string().min(1).max(64).optional() });

/** POST v1/checkout/buy/{id}: one catalogue item bought at once, outside the cart. */
export const buyNowBody = z.strictObject({
  type: orderItemKind.optional(),
  quantity: z.number().int().min(1).max(100).optional(),
});
export type BuyNowBody = z.infer<typeof buyNowBody>;

/** POST v1/checkout/: an action on an order; cancel is the only one. */
export const orderActionBody = z.strictObject({
  orderId: z.string().min(1).max(64),
  action: z.literal('cancel'),
});
export type OrderActionBody = z.infer<typeof orderActionBody>;

export const orderResponse = z.object({ success: z.literal(true), data: order });
export const purchasesResponse = z.object({ success: z.literal(true), data: z.array(order) });

/** placeorder: data is the cart (it replaces the client's cart, SPEC §7), order the pending order. */
export const placeOrderResponse = z.object({ success: z.literal(true), data: cart, order });
