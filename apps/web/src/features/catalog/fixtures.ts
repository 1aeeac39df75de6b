import type { GiftCard, Product } from '@store/shared';

/** Catalogue rows as the server sends them (price in cents). */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p-1',
    name: 'Starter Pack',
    description: 'A handful of coins to get going.',
    image: '/images/starter.png',
    price: 1999,
    coins: 2000,
    isAvailable: true,
    bonusType: null,
    bonusAmount: null,
    kind: 'product',
    ...overrides,
  };
}

export function aGiftCard(overrides: Partial<GiftCard> = {}): GiftCard {
  return {
    _id: 'g-1',
    name: 'Dragon Gift Card',
    description: 'A gift for a fellow player.',
    image: '/images/gift.png',
    price: 2500,
    coins: 2500,
    isAvailable: true,
    bonusType: null,
    bonusAmount: null,
    brand: 'Lucky Dragon',
    kind: 'giftCard',
    ...overrides,
  };
}

export const listingEnvelope = (products: Product[], giftCards: GiftCard[] = []) => ({
  body: { success: true, data: { data: products, giftCards } },
});
