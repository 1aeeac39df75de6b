import { describe, expect, it } from 'vitest';
import type { Order } from '@store/shared';
import { receiptEmail } from './receipt-email.ts';

const order: Order = {
  _id: 'abcdef12-0000-4000-8000-000000000001',
  number: 100042,
  status: 'fulfilled',
  items: [
    { kind: 'product', itemId: 'p1', name: 'Lucky Handful 1,000 coins', unitPrice: 999, quantity: 2, coins: 2000, bonusCoins: 100 },
    { kind: 'giftCard', itemId: 'g1', name: 'Jade <Gift> Card $25', unitPrice: 2500, quantity: 1, coins: 2500, bonusCoins: 0 },
  ],
  subtotal: 4498,
  discount: 500,
  tax: 332,
  total: 4330,
  coins: 4500,
  bonusCoins: 950,
  totalCoins: 5450,
  coupon: { code: 'SAVE5' },
  createdAt: '2026-01-01T00:00:00.000Z',
  paidAt: '2026-01-01T00:00:01.000Z',
  fulfilledAt: '2026-01-01T00:00:02.000Z',
  giftCardCodes: [{ giftCardId: 'g1', name: 'Jade <Gift> Card $25', code: 'LDC-AAAA-BBBB-CCCC' }],
  failureReason: null,
  paidWith: 'stripe_card',
};

describe('receiptEmail', () => {
  const mail = receiptEmail({ firstname: 'Mei <b>', order, purchasesUrl: 'https://store.example/my-purchases' });

  it('lists the lines, totals, coins credited and gift-card codes in the text version', () => {
    expect(mail.subject).toBe('Your Lucky Dragon Collective receipt (order #100042)');
    for (const line of [
      '2 × Lucky Handful 1,000 coins: $19.98',
      '1 × Jade <Gift> Card $25: $25.00',
      'Subtotal: $44.98',
      'Discount (SAVE5): -$5.00',
      'Tax: $3.32',
      'Here is your receipt for order #100042.',
      'Total paid: $43.30',
      'Paid with: Card',
      '5,450 coins were added to your balance (4,500 coins + 950 bonus).',
      'Jade <Gift> Card $25: LDC-AAAA-BBBB-CCCC',
      'See my purchases: https://store.example/my-purchases',
    ]) {
      expect(mail.text).toContain(line);
    }
  });

  it('escapes every value in the HTML version and keeps the brand frame', () => {
    expect(mail.html).toContain('Hi Mei &lt;b&gt;,');
    expect(mail.html).toContain('Jade &lt;Gift&gt; Card $25');
    expect(mail.html).not.toContain('<Gift>');
    expect(mail.html).toContain('LDC-AAAA-BBBB-CCCC');
    expect(mail.html).toContain('Lucky Dragon Collective');
    expect(mail.html).toContain('href="https://store.example/my-purchases"');
  });

  it('leaves out the coins, discount, tax and codes sections when there are none', () => {
    const plain = receiptEmail({
      firstname: 'Mei',
      order: { ...order, discount: 0, tax: 0, coupon: null, coins: 0, bonusCoins: 0, totalCoins: 0, giftCardCodes: [] },
      purchasesUrl: 'https://store.example/my-purchases',
    });
    expect(plain.text).not.toContain('Discount');
    expect(plain.text).not.toContain('Tax:');
    expect(plain.text).not.toContain('coins were added');
    expect(plain.text).not.toContain('gift-card codes');
  });
});
