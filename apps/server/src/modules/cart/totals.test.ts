import { describe, expect, it } from 'vitest';
import { computeTotals, couponDiscount, mulDivRoundHalfUp, type PricingInput, type PricingLineInput } from './totals.ts';

const line = (over: Partial<PricingLineInput> = {}): PricingLineInput => ({
  kind: 'product',
  itemId: 'p1',
  name: 'Pouch',
  unitPriceCents: 499,
  quantity: 1,
  coins: 500,
  bonusType: null,
  bonusAmount: null,
  ...over,
});
const input = (over: Partial<PricingInput> = {}): PricingInput => ({
  lines: [line()],
  promotion: null,
  eligibilityPromotion: null,
  coupon: null,
  taxRateBps: 0,
  ...over,
});

describe('computeTotals', () => {
  it('multiplies integer cents and coins by quantity and sums the lines', () => {
    const t = computeTotals(input({ lines: [line({ quantity: 3 }), line({ itemId: 'p2', unitPriceCents: 1_999, coins: 2_000 })] }));
    expect(t.lines.map((l) => l.lineTotalCents)).toEqual([1_497, 1_999]);
    expect(t).toMatchObject({ subtotalCents: 3_496, discountCents: 0, taxCents: 0, totalCents: 3_496, coins: 3_500, bonusCoins: 0 });
  });

  it('charges for a gift card but credits no wallet coins for it: the buyer gets its code instead', () => {
    const giftCard = line({ kind: 'giftCard', itemId: 'g1', unitPriceCents: 2_500, coins: 2_500, bonusType: 'COINS', bonusAmount: 500 });
    const t = computeTotals(input({ lines: [giftCard, line()], promotion: { bonusType: 'PERCENTAGE', bonusPercentage: 10 } }));
    expect(t.lines[0]).toMatchObject({ lineTotalCents: 2_500, coins: 0, bonusCoins: 0 });
    // The promotion's 10 % applies to the coin package's 500 coins only.
    expect(t).toMatchObject({ subtotalCents: 2_999, coins: 500, bonusCoins: 50 });
  });

  it('gives an empty cart zero everything, even with promotions and a coupon', () => {
    const t = computeTotals(
      input({
        lines: [],
        promotion: { bonusType: 'COINS', bonusPercentage: 300 },
        coupon: { kind: 'FIXED', amount: 500 },
        taxRateBps: 825,
      }),
    );
    expect(t).toMatchObject({ subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0, coins: 0, bonusCoins: 0 });
  });

  it('floors a PERCENTAGE package bonus over the whole line and multiplies a COINS bonus by quantity', () => {
    const t = computeTotals(
      input({
        lines: [
          line({ coins: 333, quantity: 3, bonusType: 'PERCENTAGE', bonusAmount: 5 }), // 999 × 5 % = 49.95 → 49
          line({ itemId: 'p2', coins: 2_000, quantity: 2, bonusType: 'COINS', bonusAmount: 200 }),
        ],
      }),
    );
    expect(t.lines.map((l) => l.bonusCoins)).toEqual([49, 400]);
    expect(t.bonusCoins).toBe(449);
    expect(t.coins).toBe(999 + 4_000);
  });

  it('adds a PERCENTAGE promotion on the base coins and a COINS promotion once per order', () => {
    const lines = [
      line({ coins: 1_005, quantity: 1 }),
      line({ itemId: 'p2', coins: 500, quantity: 1, bonusType: 'COINS', bonusAmount: 50 }),
    ];
    const percent = computeTotals(input({ lines, promotion: { bonusType: 'PERCENTAGE', bonusPercentage: 10 } }));
    expect(percent.bonusCoins).toBe(50 + 150); // floor(1,505 × 10 %) = 150
    const fixed = computeTotals(input({ lines, promotion: { bonusType: 'COINS', bonusPercentage: 300 } }));
    expect(fixed.bonusCoins).toBe(50 + 300);
  });

  it('adds the eligibility promotion on top of the active one', () => {
    const t = computeTotals(
      input({
        lines: [line({ coins: 1_000 })],
        promotion: { bonusType: 'PERCENTAGE', bonusPercentage: 10 },
        eligibilityPromotion: { bonusType: 'COINS', bonusPercentage: 500 },
      }),
    );
    expect(t.bonusCoins).toBe(100 + 500);
    expect(t.eligibilityBonusCoins).toBe(500);
    expect(t.coins).toBe(1_000);
  });

  it('gives no eligibility bonus to an order without coin packages', () => {
    const t = computeTotals(
      input({
        lines: [line({ kind: 'giftCard', coins: 2_500 })],
        eligibilityPromotion: { bonusType: 'COINS', bonusPercentage: 500 },
      }),
    );
    expect(t).toMatchObject({ bonusCoins: 0, eligibilityBonusCoins: 0 });
  });

  it('takes a PERCENT coupon off the subtotal, rounded half up to the cent', () => {
    // 10 % of 4,995 = 499.5 → 500
    const t = computeTotals(input({ lines: [line({ unitPriceCents: 999, quantity: 5 })], coupon: { kind: 'PERCENT', amount: 10 } }));
    expect(t).toMatchObject({ subtotalCents: 4_995, discountCents: 500, totalCents: 4_495 });
  });

  it('takes a FIXED coupon off, never below zero', () => {
    expect(computeTotals(input({ coupon: { kind: 'FIXED', amount: 200 } }))).toMatchObject({ discountCents: 200, totalCents: 299 });
    expect(computeTotals(input({ coupon: { kind: 'FIXED', amount: 10_000 } }))).toMatchObject({ discountCents: 499, totalCents: 0 });
    expect(couponDiscount({ kind: 'PERCENT', amount: 100 }, 499)).toBe(499);
  });

  it('taxes the discounted subtotal at the rate in basis points, rounded half up', () => {
    // (1,000 − 100) × 8.25 % = 74.25 → 74
    const a = computeTotals(input({ lines: [line({ unitPriceCents: 1_000 })], coupon: { kind: 'FIXED', amount: 100 }, taxRateBps: 825 }));
    expect(a).toMatchObject({ subtotalCents: 1_000, discountCents: 100, taxCents: 74, totalCents: 974 });
    // 1,000 × 6.25 % = 62.5 → 63 (a half cent rounds up)
    const b = computeTotals(input({ lines: [line({ unitPriceCents: 1_000 })], taxRateBps: 625 }));
    expect(b).toMatchObject({ taxCents: 63, totalCents: 1_063 });
    // 499 × 8.25 % = 41.1675 → 41
    expect(computeTotals(input({ taxRateBps: 825 })).taxCents).toBe(41);
  });

  it('keeps every amount an integer', () => {
    const t = computeTotals(
      input({
        lines: [line({ unitPriceCents: 333, quantity: 7, coins: 777, bonusType: 'PERCENTAGE', bonusAmount: 33 })],
        promotion: { bonusType: 'PERCENTAGE', bonusPercentage: 7 },
        coupon: { kind: 'PERCENT', amount: 15 },
        taxRateBps: 737,
      }),
    );
    for (const value of [t.subtotalCents, t.discountCents, t.taxCents, t.totalCents, t.coins, t.bonusCoins]) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.taxCents);
  });

  it('refuses fractional money or quantities instead of rounding them silently', () => {
    expect(() => computeTotals(input({ lines: [line({ unitPriceCents: 4.99 })] }))).toThrow(/integer/);
    expect(() => computeTotals(input({ lines: [line({ quantity: 1.5 })] }))).toThrow(/integer/);
  });
});

describe('mulDivRoundHalfUp', () => {
  it('rounds exact halves up and everything else to the nearest integer', () => {
    expect(mulDivRoundHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivRoundHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivRoundHalfUp(2, 1, 3)).toBe(1);
    expect(mulDivRoundHalfUp(12_345, 825, 10_000)).toBe(1_018); // 1,018.4625
  });
});
