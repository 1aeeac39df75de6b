import type { Purchase } from './types.ts';

export function aPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    _id: 'ord-1',
    status: 'fulfilled',
    items: [{ kind: 'product', itemId: 'p-1', name: 'Starter Pack', unitPrice: 999, quantity: 2, coins: 1000, bonusCoins: 200 }],
    subtotal: 1998,
    discount: 0,
    tax: 0,
    total: 1998,
    coins: 2000,
    bonusCoins: 400,
    totalCoins: 2400,
    coupon: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: '2026-11-20T10:00:05.000Z',
    fulfilledAt: '2026-11-20T10:00:06.000Z',
    giftCardCodes: [],
    failureReason: null,
    ...overrides,
  };
}
