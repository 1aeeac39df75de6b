import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { makeStore } from '../../app/store.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { savedCardsApi } from './api/saved-cards.ts';
import { deleteCardApi } from './api/delete-card.ts';
import { allowedProvidersApi } from './api/allowed-providers.ts';
import { whitelistStatesApi } from './api/whitelist-states.ts';

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

describe('saved payment state filled by the calls (SPEC §3, §4)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const ok = (data: unknown) => ({ body: { success: true, data } });

  it('a saved bank account goes first and replaces the one with the same userPaymentOptionId; card lists stay', () => {
    const start: PaymentState = {
      ...initialPaymentState,
      userSavedCards: [card('k')],
      userSavedCardsACH: [{ userPaymentOptionId: 'k' }, { userPaymentOptionId: 'm' }],
    };
    const next = paymentReducer(start, bankAccountSaved({ userPaymentOptionId: 'm' }));
    expect(next.userSavedCardsACH).toEqual([{ userPaymentOptionId: 'm' }, { userPaymentOptionId: 'k' }]);
    expect(next.userSavedCards).toEqual([card('k')]);
  });

  it('deleting a bank account takes it from the bank list only, even when a card has the same id', () => {
    const start: PaymentState = {
      ...initialPaymentState,
      userSavedCards: [card('k')],
      userCashAppAccounts: [{ userPaymentOptionId: 'k' }],
      userSavedNuveiCashierCards: [{ userPaymentOptionId: 'k' }],
      userSavedCardsACH: [{ userPaymentOptionId: 'k' }, { userPaymentOptionId: 'm' }],
    };
    const next = paymentReducer(start, bankAccountDeleted('k'));
    expect(next.userSavedCardsACH).toEqual([{ userPaymentOptionId: 'm' }]);
    expect(next.userSavedCards).toEqual([card('k')]);
    expect(next.userCashAppAccounts).toEqual([{ userPaymentOptionId: 'k' }]);
    expect(next.userSavedNuveiCashierCards).toEqual([{ userPaymentOptionId: 'k' }]);
  });

  it('a card deleted through DELETE v1/nuvei/cards/{id} leaves the list; the others keep their order', async () => {
    mockApi({
      'GET v1/nuvei/cards': ok({ paymentMethods: [card('x'), card('y', '2222')] }),
      'DELETE v1/nuvei/cards/x': { body: { success: true } },
    });
    const store = makeStore();
    await store.dispatch(savedCardsApi.endpoints.paymentsSavedCards.initiate());
    store.dispatch(cardSaved(card('z', '3333')));
    expect(store.getState().usersCards.userSavedCards.map((c) => c.userPaymentOptionId)).toEqual(['z', 'x', 'y']);
    await store.dispatch(deleteCardApi.endpoints.paymentsDeleteCard.initiate('x'));
    expect(store.getState().usersCards.userSavedCards.map((c) => c.userPaymentOptionId)).toEqual(['z', 'y']);
  });

  it('allowedPaymentsProviders and whiteListedStates hold what their calls return', async () => {
    const allowedPayment = {
      card: true,
      saved_card: true,
      bank_account: false,
      cashier: false,
      stripe_card: true,
      cash_app: false,
      square_card: false,
      embedded_checkout: false,
    };
    const states = [
      { code: 'NY', name: 'New York', region: 'Northeast' },
      { code: 'TX', name: 'Texas', region: 'South' },
    ];
    mockApi({
      'GET v1/payment/allowed-providers': ok({ data: { allowedPayment } }),
      'GET v1/admin/whitelist_states/whitelist': ok({ states }),
    });
    const store = makeStore();
    await store.dispatch(allowedProvidersApi.endpoints.paymentsAllowedProviders.initiate());
    await store.dispatch(whitelistStatesApi.endpoints.paymentsWhitelistStates.initiate());
    expect(store.getState().usersCards.allowedPaymentsProviders).toEqual(allowedPayment);
    expect(store.getState().usersCards.whiteListedStates).toEqual(states);
  });
});
