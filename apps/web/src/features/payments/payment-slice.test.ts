import { describe, expect, it } from 'vitest';
import {
  cardDeleted,
  cardSaved,
  initialPaymentState,
  paymentReducer,
  bankAccountSaved,
  bankAccountDeleted,
  type PaymentState,
} from './payment-slice.ts';
import type { SavedCard } from './types.ts';

const card = (id: string, last4 = '1111'): SavedCard => ({
  userPaymentOptionId: id,
  brand: 'visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  provider: 'nuvei',
});

describe('saved payment state', () => {
  it('puts a saved card first and replaces the entry with the same userPaymentOptionId', () => {
    const start: PaymentState = { ...initialPaymentState, userSavedCards: [card('a'), card('b', '2222'), card('c')] };
    const next = paymentReducer(start, cardSaved(card('b', '9999')));
    expect(next.userSavedCards.map((c) => [c.userPaymentOptionId, c.last4])).toEqual([
      ['b', '9999'],
      ['a', '1111'],
      ['c', '1111'],
    ]);
  });

  it('deletes a card from the card, cash-app and cashier-card lists together, and leaves bank accounts alone', () => {
    const start: PaymentState = {
      ...initialPaymentState,
      userSavedCards: [card('x'), card('y')],
      userCashAppAccounts: [{ userPaymentOptionId: 'x' }],
      userSavedNuveiCashierCards: [{ userPaymentOptionId: 'x' }, { userPaymentOptionId: 'z' }],
      userSavedCardsACH: [{ userPaymentOptionId: 'x' }],
    };
    const next = paymentReducer(start, cardDeleted('x'));
    expect(next.userSavedCards.map((c) => c.userPaymentOptionId)).toEqual(['y']);
    expect(next.userCashAppAccounts).toEqual([]);
    expect(next.userSavedNuveiCashierCards).toEqual([{ userPaymentOptionId: 'z' }]);
    expect(next.userSavedCardsACH).toEqual([{ userPaymentOptionId: 'x' }]);
  });

  it('saves and deletes bank accounts in the bank-transfer list', () => {
    const saved = paymentReducer(
      { ...initialPaymentState, userSavedCardsACH: [{ userPaymentOptionId: 'k' }] },
      bankAccountSaved({ userPaymentOptionId: 'm' }),
    );
    expect(saved.userSavedCardsACH).toEqual([{ userPaymentOptionId: 'm' }, { userPaymentOptionId: 'k' }]);
    expect(paymentReducer(saved, bankAccountDeleted('k')).userSavedCardsACH).toEqual([{ userPaymentOptionId: 'm' }]);
  });
});
