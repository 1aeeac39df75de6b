// Pure pricing of a cart: integer cents and integer coins in, integer cents and coins out. No I/O, so
// every rounding rule is unit-tested here and shared by the cart, buy-now and order placement.
import type { CartItemKind, CouponKind } from '@store/shared';

export type BonusType = 'PERCENTAGE' | 'COINS';

export interface PricingLineInput {
  kind: CartItemKind;
  itemId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** Package coins of one unit. */
  coins: number;
  bonusType: BonusType | null;
  bonusAmount: number | null;
}

/** For COINS, bonusPercentage holds the fixed coins per order (the promotions table's convention). */
export interface PromotionBonus {
  bonusType: BonusType;
  bonusPercentage: number;
}

export interface CouponTerms {
  kind: CouponKind;
  /** Percent (1..100) for PERCENT, cents for FIXED. */
  amount: number;
}

export interface PricingInput {
  lines: PricingLineInput[];
  promotion: PromotionBonus | null;
  eligibilityPromotion: PromotionBonus | null;
  coupon: CouponTerms | null;
  taxRateBps: number;
}

export interface PricedLine {
  kind: CartItemKind;
  itemId: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** coins × quantity. */
  coins: number;
  /** The package's own bonus for this line. */
  bonusCoins: number;
}

export interface Totals {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  coins: number;
  /** Package bonuses plus the promotion and the eligibility promotion. */
  bonusCoins: number;
  /** The eligibility promotion's part of bonusCoins (fulfilment takes it out if the shopper no longer qualifies). */
  eligibilityBonusCoins: number;
}

function assertInteger(value: number, what: string) {
  if (!Number.isSafeInteger(value)) throw new Error(`${what} must be an integer, got ${value}`);
}

/** a × b / c rounded half up, for non-negative integers (tax, percent discounts). */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  return Math.floor((a * b * 2 + c) / (2 * c));
}

export function packageBonus(line: Pick<PricingLineInput, 'coins' | 'quantity' | 'bonusType' | 'bonusAmount'>): number {
  if (!line.bonusType || !line.bonusAmount) return 0;
  if (line.bonusType === 'PERCENTAGE') return Math.floor((line.coins * line.quantity * line.bonusAmount) / 100);
  return line.bonusAmount * line.quantity;
}

/** A promotion's coins on top of an order holding `baseCoins` package coins (nothing without coin packages). */
export function promotionBonus(promotion: PromotionBonus | null, baseCoins: number, hasCoinPackages: boolean): number {
  if (!promotion || !hasCoinPackages) return 0;
  if (promotion.bonusType === 'PERCENTAGE') return Math.floor((baseCoins * promotion.bonusPercentage) / 100);
  return promotion.bonusPercentage;
}

/** The coupon's discount on a subtotal: never more than the subtotal, never below 0. */
export function couponDiscount(coupon: CouponTerms | null, subtotalCents: number): number {
  if (!coupon || subtotalCents <= 0) return 0;
  const raw = coupon.kind === 'PERCENT' ? mulDivRoundHalfUp(subtotalCents, Math.min(coupon.amount, 100), 100) : coupon.amount;
  return Math.max(0, Math.min(raw, subtotalCents));
}

export function computeTotals(input: PricingInput): Totals {
  assertInteger(input.taxRateBps, 'taxRateBps');
  const lines = input.lines.map((line): PricedLine => {
    assertInteger(line.unitPriceCents, 'unitPriceCents');
    assertInteger(line.quantity, 'quantity');
    assertInteger(line.coins, 'coins');
    return {
      kind: line.kind,
      itemId: line.itemId,
      name: line.name,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.unitPriceCents * line.quantity,
      // A gift card delivers a code (redeemed for its coins in the game), never wallet coins: crediting
      // both would give the buyer its value twice.
      coins: line.kind === 'product' ? line.coins * line.quantity : 0,
      bonusCoins: line.kind === 'product' ? packageBonus(line) : 0,
    };
  });
  const subtotalCents = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const coins = lines.reduce((sum, l) => sum + l.coins, 0);
  // Promotions add to the coins credited, so an order with no coin package (only gift cards) gets none.
  const hasCoinPackages = coins > 0;
  const eligibilityBonusCoins = promotionBonus(input.eligibilityPromotion, coins, hasCoinPackages);
  const bonusCoins =
    lines.reduce((sum, l) => sum + l.bonusCoins, 0) + promotionBonus(input.promotion, coins, hasCoinPackages) + eligibilityBonusCoins;
  const discountCents = couponDiscount(input.coupon, subtotalCents);
  const taxCents = mulDivRoundHalfUp(subtotalCents - discountCents, Math.max(0, input.taxRateBps), 10_000);
  return {
    lines,
    subtotalCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + taxCents,
    coins,
    bonusCoins,
    eligibilityBonusCoins,
  };
}
