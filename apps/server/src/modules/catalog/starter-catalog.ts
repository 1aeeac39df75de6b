import type { giftCards, products } from '../../db/schema.ts';
import { PRODUCT_ASSETS_PREFIX } from './assets.ts';

type NewProduct = typeof products.$inferInsert;
type NewGiftCard = typeof giftCards.$inferInsert;

// Fixed ids: the seed runs on every start and must recognise what it already wrote.
const productId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const giftCardId = (n: number) => `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const image = (file: string) => `${PRODUCT_ASSETS_PREFIX}${file}`;

/** The coin packages a fresh install offers. Prices are integer cents; 100 coins to the dollar. */
export const STARTER_PRODUCTS: NewProduct[] = [
  {
    id: productId(1),
    name: 'Starter Pouch 500 coins',
    image: image('starter-pouch.svg'),
    description: 'A silk pouch of 500 dragon coins: just right for a first spin around the lantern market.',
    priceCents: 499,
    coins: 500,
    bonusType: null,
    bonusAmount: null,
  },
  {
    id: productId(2),
    name: 'Lucky Handful 1,000 coins',
    image: image('lucky-handful.svg'),
    description: 'A generous handful of 1,000 coins with a 5% bonus on top for the lucky ones.',
    priceCents: 999,
    coins: 1_000,
    bonusType: 'PERCENTAGE',
    bonusAmount: 5,
  },
  {
    id: productId(3),
    name: 'Lantern Bundle 1,500 coins',
    image: image('lantern-bundle.svg'),
    description: 'Our autumn festival bundle: 1,500 coins wrapped in red paper lanterns. Sold out until next festival.',
    priceCents: 1_499,
    coins: 1_500,
    isAvailable: false,
    bonusType: 'PERCENTAGE',
    bonusAmount: 15,
  },
  {
    id: productId(4),
    name: "Dragon's Purse 2,000 coins",
    image: image('dragons-purse.svg'),
    description: 'The purse a young dragon keeps under its wing: 2,000 coins plus 200 bonus coins.',
    priceCents: 1_999,
    coins: 2_000,
    bonusType: 'COINS',
    bonusAmount: 200,
  },
  {
    id: productId(5),
    name: 'Jade Stack 2,500 coins',
    image: image('jade-stack.svg'),
    description: 'Three neat towers of jade-green coins, 2,500 in all, for a long evening of play.',
    priceCents: 2_499,
    coins: 2_500,
    bonusType: null,
    bonusAmount: null,
  },
  {
    id: productId(6),
    name: 'Golden Hoard 5,000 coins',
    image: image('golden-hoard.svg'),
    description: 'A glittering hoard of 5,000 gold coins with a 10% bonus, straight from the dragon’s den.',
    priceCents: 4_999,
    coins: 5_000,
    bonusType: 'PERCENTAGE',
    bonusAmount: 10,
  },
  {
    id: productId(7),
    name: "Emperor's Chest 10,000 coins",
    image: image('emperors-chest.svg'),
    description: 'A lacquered chest fit for an emperor: 10,000 coins and 1,500 bonus coins inside.',
    priceCents: 9_999,
    coins: 10_000,
    bonusType: 'COINS',
    bonusAmount: 1_500,
  },
  {
    id: productId(8),
    name: 'Phoenix Vault 20,000 coins',
    image: image('phoenix-vault.svg'),
    description: 'Our biggest vault: 20,000 coins guarded by a phoenix, with a 20% bonus for true collectors.',
    priceCents: 19_999,
    coins: 20_000,
    bonusType: 'PERCENTAGE',
    bonusAmount: 20,
  },
  {
    id: productId(9),
    name: 'Moon Festival Tin 7,500 coins',
    image: image('moon-tin.svg'),
    description: 'A moon-cake tin packed with 7,500 silver coins, shared the way the festival intends.',
    priceCents: 7_499,
    coins: 7_500,
    bonusType: null,
    bonusAmount: null,
  },
];

/** Gift cards of the store's own brand, redeemable for coins. */
export const STARTER_GIFT_CARDS: NewGiftCard[] = [
  {
    id: giftCardId(1),
    name: 'Jade Gift Card $25',
    brand: 'Lucky Dragon',
    image: image('gift-card-jade.svg'),
    description: 'A $25 Lucky Dragon gift card worth 2,500 coins. A thoughtful present for a fellow player.',
    priceCents: 2_500,
    coins: 2_500,
    bonusType: null,
    bonusAmount: null,
  },
  {
    id: giftCardId(2),
    name: 'Crimson Gift Card $100',
    brand: 'Lucky Dragon',
    image: image('gift-card-crimson.svg'),
    description: 'A $100 Lucky Dragon gift card worth 10,000 coins, with 500 bonus coins for the lucky recipient.',
    priceCents: 10_000,
    coins: 10_000,
    bonusType: 'COINS',
    bonusAmount: 500,
  },
];
