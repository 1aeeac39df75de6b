import { describe, expect, it } from 'vitest';
import {
  bonusTag,
  formatBalance,
  formatCents,
  formatCoins,
  formatDateTime,
  formatOrderNumber,
  formatSignedCoins,
  totalBalance,
} from './format.ts';

describe('formatBalance (SPEC §9)', () => {
  it('shows two decimals below 10000', () => {
    expect(formatBalance(0)).toBe('0.00');
    expect(formatBalance(4440)).toBe('4,440.00');
    expect(formatBalance(9999.999)).toBe('10,000.00');
    expect(formatBalance(12.5)).toBe('12.50');
  });
  it('uses the compact en-US form with up to two decimals from 10000', () => {
    expect(formatBalance(10000)).toBe('10K');
    expect(formatBalance(12345)).toBe('12.35K');
    expect(formatBalance(2_500_000)).toBe('2.5M');
  });
});

describe('totalBalance', () => {
  it('sums the three wallets', () => {
    expect(totalBalance({ purchasedWallet: 2500, winWallet: 740, stackingWallet: 1200 })).toBe(4440);
  });
  it('is zero when the profile has no coins yet', () => {
    expect(totalBalance(null)).toBe(0);
  });
});

describe('bonusTag (SPEC §2 product grid)', () => {
  it("reads '% Bonus' for PERCENTAGE", () => {
    expect(bonusTag('PERCENTAGE', 15)).toBe('15% Bonus');
  });
  it("reads 'LDC Bonus' for a coin bonus", () => {
    expect(bonusTag('COINS', 250)).toBe('250 LDC Bonus');
  });
});

describe('money formatting', () => {
  it('turns integer cents into dollars', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(5)).toBe('$0.05');
  });
  it('groups dollars for people (issue 24)', () => {
    expect(formatCents(999999)).toBe('$9,999.99');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });
  it('writes an order number as people read it', () => {
    expect(formatOrderNumber(100042)).toBe('#100042');
  });
  it('groups coins', () => {
    expect(formatCoins(12500)).toBe('12,500');
  });
  it('shows coins as whole numbers, never with decimals or a compact K/M (issue 24)', () => {
    expect(formatCoins(0)).toBe('0');
    expect(formatCoins(14150)).toBe('14,150');
    expect(formatCoins(12_345_678)).toBe('12,345,678');
    expect(formatCoins(4440.4)).toBe('4,440');
  });
  it('signs coins moved in and out with a plus or a true minus', () => {
    expect(formatSignedCoins(1200)).toBe('+1,200');
    expect(formatSignedCoins(-500)).toBe('−500');
    expect(formatSignedCoins(-12_500)).toBe('−12,500');
    expect(formatSignedCoins(0)).toBe('0');
  });
  it('writes a moment one way, day month year and 24-hour time, in the zone asked for', () => {
    expect(formatDateTime('2026-11-30T22:35:00Z', 'UTC')).toBe('30 Nov 2026, 22:35');
    expect(formatDateTime(new Date('2026-11-30T22:35:00Z'), 'America/New_York')).toBe('30 Nov 2026, 17:35');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
