// The payment slice's side of Stripe's calls (SPEC §3, §4): the list fills the Stripe card, cashier-card
// and Cash App lists; a saved card goes first; Stripe's DELETE drops the id from every card list at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { stripePaymentMethodsApi } from './api/stripe-payment-methods.ts';
import { stripeSaveCardApi } from './api/stripe-save-card.ts';
import { stripeDeleteMethodApi } from './api/stripe-delete-method.ts';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ body: { success: true, data } });
const stripeCard = (id: string, last4 = '4242') => ({ userPaymentOptionId: id, brand: 'visa', last4, expMonth: 12, expYear: 2034 });

describe('Stripe in the saved payment state', () => {
  it('fills the three lists, saves to the front, and deletes one id from all of them', async () => {
    mockApi({
      'GET v1/payment/stripe/payment-methods': ok({
        paymentMethods: {
          card: [stripeCard('pm_a'), stripeCard('shared')],
          nuveiCards: [{ ...stripeCard('cupo_1', '1111') }, { ...stripeCard('shared', '1111') }],
          cashapp: [
            { userPaymentOptionId: 'shared', cashtag: '$x' },
            { userPaymentOptionId: 'pm_c', cashtag: '$y' },
          ],
        },
      }),
      'POST v1/payment/stripe/payment-methods': ok({ paymentMethod: stripeCard('pm_a', '0000') }),
      'DELETE v1/payment/stripe/payment-methods/shared': ok(undefined),
    });
    const store = makeStore();
    await store.dispatch(stripePaymentMethodsApi.endpoints.paymentsStripeMethods.initiate());
    let state = store.getState().usersCards;
    expect(state.userSavedStripeCards.map((c) => c.userPaymentOptionId)).toEqual(['pm_a', 'shared']);
    expect(state.userSavedNuveiCashierCards.map((c) => c.userPaymentOptionId)).toEqual(['cupo_1', 'shared']);
    expect(state.userCashAppAccounts.map((c) => c.userPaymentOptionId)).toEqual(['shared', 'pm_c']);
    expect(state.userSavedCards).toEqual([]);

    await store.dispatch(stripeSaveCardApi.endpoints.paymentsStripeSaveCard.initiate({ vaultToken: 'card_tokentoken' }));
    state = store.getState().usersCards;
    expect(state.userSavedStripeCards.map((c) => [c.userPaymentOptionId, c.last4])).toEqual([
      ['pm_a', '0000'],
      ['shared', '4242'],
    ]);

    await store.dispatch(stripeDeleteMethodApi.endpoints.paymentsStripeDeleteMethod.initiate('shared'));
    state = store.getState().usersCards;
    expect(state.userSavedStripeCards.map((c) => c.userPaymentOptionId)).toEqual(['pm_a']);
    expect(state.userSavedNuveiCashierCards.map((c) => c.userPaymentOptionId)).toEqual(['cupo_1']);
    expect(state.userCashAppAccounts.map((c) => c.userPaymentOptionId)).toEqual(['pm_c']);
  });
});
