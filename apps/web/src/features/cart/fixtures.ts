import type { Cart, CartItem, CartItemRef } from './types.ts';

// Test data in the server's cart shape.

export function anItem(overrides: Partial<CartItemRef> = {}): CartItemRef {
  return {
    _id: 'p-1',
    name: 'Starter Pack',
    description: '1,000 coins',
    image: '/images/starter.png',
    price: 999,
    coins: 1000,
    kind: 'product',
    bonusType: null,
    bonusAmount: null,
    isAvailable: true,
    ...overrides,
  };
}

export function aLine(item: Partial<CartItemRef> = {}, quantity = 1): CartItem {
  const ref = anItem(item);
  return { itemId: ref, quantity, lineTotal: ref.price * quantity };
}

/** A cart whose totals follow its lines as the server's do: sold-out lines count for nothing (no bonus, coupon or tax unless given). */
export function aCart(items: CartItem[] = [aLine()], overrides: Partial<Cart> = {}): Cart {
  const counted = items.filter((line) => line.itemId.isAvailable);
  const subtotal = counted.reduce((sum, line) => sum + line.itemId.price * line.quantity, 0);
  const coins = counted.reduce((sum, line) => sum + line.itemId.coins * line.quantity, 0);
  return {
    _id: 'cart-1',
    items,
    itemCount: items.reduce((sum, line) => sum + line.quantity, 0),
    orderType: 'DigitalProduct',
    amountType: 'static',
    coin: 100,
    promotion: null,
    eligibilityPromotion: null,
    android: '2.4.1',
    coupon: null,
    couponIssue: null,
    totals: { subtotal, discount: 0, tax: 0, total: subtotal, coins, bonusCoins: 0, totalCoins: coins },
    transactionLimit: 50000,
    ...overrides,
  };
}

export const cartResponse = (cart: Cart) => ({
  body: { success: true, data: cart, getOrderCart: cart.items, taxData: { state: null, rateBps: 0, taxCents: 0 } },
});
export const cartEnvelope = (cart: Cart) => ({ body: { success: true, data: cart } });
