import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApiStore } from '../../../test/api-store.ts';
import { mockApi, type MockedApi } from '../../../test/mock-api.ts';
import { payWithCard } from './card-payment.ts';
import { paymentReducer } from './payment-slice.ts';
import type { SavedCard } from './types.ts';

afterEach(() => vi.unstubAllGlobals());

/** Only what the flow needs: the API slice and this feature's saved payment state (SPEC §3 usersCards). */
function paymentStore() {
  return makeApiStore({ usersCards: paymentReducer });
}

const visa: SavedCard = { userPaymentOptionId: 'upo-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, provider: 'nuvei' };
const ok = (data: unknown) => ({ body: { success: true, data } });
const threeD = (version: string | null) => ({ card: { threeD: { version } } });
const bodyOf = (net: MockedApi, key: string) => net.find(key)!.body;

describe('card payment steps (SPEC §4)', () => {
  it('1. a card in the first response is saved and the flow ends', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't1', card: visa, paymentOption: threeD(null), orderStatus: 'fulfilled' }),
    });
    const store = paymentStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o1', cardToken: 'vt_1', saveCard: true }, { dispatch: store.dispatch, goTo });
    expect(outcome).toEqual({ kind: 'approved', orderId: 'o1', orderStatus: 'fulfilled' });
    expect(store.getState().usersCards.userSavedCards).toEqual([visa]);
    expect(net.keys()).toEqual(['POST v1/nuvei/init']);
    expect(bodyOf(net, 'POST v1/nuvei/init')).toEqual({ orderId: 'o1', cardToken: 'vt_1', saveCard: true });
    expect(goTo).not.toHaveBeenCalled();
  });

  it('approved at once without saving the card: no card data, the order is paid, and the flow ends there', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't1', paymentOption: threeD('2.2.0'), orderStatus: 'paid' }),
    });
    const store = paymentStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o1', cardToken: 'vt_1', saveCard: false }, { dispatch: store.dispatch, goTo });
    expect(outcome).toEqual({ kind: 'approved', orderId: 'o1', orderStatus: 'paid' });
    expect(net.keys()).toEqual(['POST v1/nuvei/init']);
    expect(store.getState().usersCards.userSavedCards).toEqual([]);
    expect(store.getState().usersCards.threeDFingerprinting).toEqual({});
    expect(goTo).not.toHaveBeenCalled();
  });

  it('2-3. 3-D Secure: stores the fingerprint, pays first with the init body plus version and relatedTransactionId, opens the challenge', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't-init', paymentOption: threeD('2.2.0'), orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({
        redirect: true,
        url: 'http://localhost:3000/sandbox/3ds/t-first',
        transactionId: 't-first',
        orderStatus: 'pending',
      }),
    });
    const store = paymentStore();
    const goTo = vi.fn();
    const outcome = await payWithCard(
      { orderId: 'o2', userPaymentOptionId: 'upo-1', cvvToken: 'cvv_1' },
      { dispatch: store.dispatch, goTo },
    );

    expect(outcome).toEqual({ kind: 'challenge', orderId: 'o2', url: 'http://localhost:3000/sandbox/3ds/t-first' });
    expect(bodyOf(net, 'POST v1/nuvei/payment/first')).toEqual({
      orderId: 'o2',
      userPaymentOptionId: 'upo-1',
      cvvToken: 'cvv_1',
      version: '2.2.0',
      relatedTransactionId: 't-init',
      // No method page was named by init: 'U' (ADR 037).
      methodCompletionInd: 'U',
    });
    const state = store.getState().usersCards;
    expect(state.threeDFingerprinting).toEqual({ version: '2.2.0', transactionId: 't-init', orderId: 'o2' });
    expect(state.threeDSecureUrl).toEqual({ url: 'http://localhost:3000/sandbox/3ds/t-first', transactionId: 't-first', orderId: 'o2' });
    expect(state.userSavedCards).toEqual([]);
    expect(goTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/3ds/t-first');
  });

  it('3. a challenge answer that also carries card data stores both the URL and the card', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't-init', paymentOption: threeD('2.2.0'), orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({
        redirect: true,
        url: 'http://localhost:3000/sandbox/3ds/t-5',
        transactionId: 't-5',
        card: visa,
        orderStatus: 'pending',
      }),
    });
    const store = paymentStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o5', cardToken: 'vt_5', saveCard: true }, { dispatch: store.dispatch, goTo });

    expect(outcome).toEqual({ kind: 'challenge', orderId: 'o5', url: 'http://localhost:3000/sandbox/3ds/t-5' });
    expect(bodyOf(net, 'POST v1/nuvei/payment/first')).toEqual({
      orderId: 'o5',
      cardToken: 'vt_5',
      saveCard: true,
      version: '2.2.0',
      relatedTransactionId: 't-init',
      // No method page was named by init: 'U' (ADR 037).
      methodCompletionInd: 'U',
    });
    const state = store.getState().usersCards;
    expect(state.threeDSecureUrl).toEqual({ url: 'http://localhost:3000/sandbox/3ds/t-5', transactionId: 't-5', orderId: 'o5' });
    expect(state.userSavedCards).toEqual([visa]);
    expect(goTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/3ds/t-5');
  });

  it('3. no redirect: the card in the payment response is stored and the order is approved', async () => {
    mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't-init', paymentOption: threeD('2.1.0'), orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({ redirect: false, transactionId: 't-3', card: visa, orderStatus: 'fulfilled' }),
    });
    const store = paymentStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o3', cardToken: 'vt_3', saveCard: true }, { dispatch: store.dispatch, goTo });
    expect(outcome).toEqual({ kind: 'approved', orderId: 'o3', orderStatus: 'fulfilled' });
    expect(store.getState().usersCards.userSavedCards).toEqual([visa]);
    expect(store.getState().usersCards.threeDSecureUrl).toEqual({});
    expect(goTo).not.toHaveBeenCalled();
  });

  it('a decline rejects with the server message and stores nothing', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': { status: 402, body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' } },
    });
    const store = paymentStore();
    const goTo = vi.fn();
    await expect(payWithCard({ orderId: 'o4', cardToken: 'vt_4' }, { dispatch: store.dispatch, goTo })).rejects.toMatchObject({
      status: 402,
      data: { message: 'Your card was declined.' },
    });
    expect(store.getState().usersCards.userSavedCards).toEqual([]);
    expect(store.getState().usersCards.threeDFingerprinting).toEqual({});
    expect(net.keys()).toEqual(['POST v1/nuvei/init']);
    expect(goTo).not.toHaveBeenCalled();
  });
});
