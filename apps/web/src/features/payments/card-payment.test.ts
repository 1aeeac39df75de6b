import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { mockApi } from '../../app/testing/mock-api.ts';
import { payWithCard } from './card-payment.ts';
import type { SavedCard } from './types.ts';

afterEach(() => vi.unstubAllGlobals());

const visa: SavedCard = { userPaymentOptionId: 'upo-1', brand: 'visa', last4: '1111', expMonth: 12, expYear: 2030, provider: 'nuvei' };
const ok = (data: unknown) => ({ body: { success: true, data } });

describe('card payment steps (SPEC §4)', () => {
  it('1. frictionless: a card in the first response is saved and the flow ends', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't1', card: visa, paymentOption: { card: { threeD: { version: null } } }, orderStatus: 'fulfilled' }),
    });
    const store = makeStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o1', cardToken: 'vt_1', saveCard: true }, { dispatch: store.dispatch, goTo });
    expect(outcome).toEqual({ kind: 'approved', orderId: 'o1', orderStatus: 'fulfilled' });
    expect(store.getState().usersCards.userSavedCards).toEqual([visa]);
    expect(net.calls()).toEqual(['POST v1/nuvei/init']);
    expect(await net.find('POST v1/nuvei/init')!.clone().json()).toEqual({ orderId: 'o1', cardToken: 'vt_1', saveCard: true });
    expect(goTo).not.toHaveBeenCalled();
  });

  it('2-3. 3-D Secure: stores the fingerprint, pays first with version and relatedTransactionId, stores and opens the challenge', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't-init', paymentOption: { card: { threeD: { version: '2.2.0' } } }, orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({ redirect: true, url: 'http://localhost:3000/sandbox/3ds/t-first', transactionId: 't-first' }),
    });
    const store = makeStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o2', userPaymentOptionId: 'upo-1', cvvToken: 'cvv_1' }, { dispatch: store.dispatch, goTo });

    expect(outcome).toEqual({ kind: 'challenge', orderId: 'o2', url: 'http://localhost:3000/sandbox/3ds/t-first' });
    expect(await net.find('POST v1/nuvei/payment/first')!.clone().json()).toEqual({ orderId: 'o2', version: '2.2.0', relatedTransactionId: 't-init' });
    const state = store.getState().usersCards;
    expect(state.threeDFingerprinting).toEqual({ version: '2.2.0', transactionId: 't-init', orderId: 'o2' });
    expect(state.threeDSecureUrl).toEqual({ url: 'http://localhost:3000/sandbox/3ds/t-first', transactionId: 't-first', orderId: 'o2' });
    expect(goTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/3ds/t-first');
  });

  it('3. no redirect: the card in the payment response is stored and the order is approved', async () => {
    mockApi({
      'POST v1/nuvei/init': ok({ transactionId: 't-init', paymentOption: { card: { threeD: { version: '2.1.0' } } }, orderStatus: 'pending' }),
      'POST v1/nuvei/payment/first': ok({ redirect: false, card: visa, orderStatus: 'fulfilled' }),
    });
    const store = makeStore();
    const goTo = vi.fn();
    const outcome = await payWithCard({ orderId: 'o3', cardToken: 'vt_3' }, { dispatch: store.dispatch, goTo });
    expect(outcome).toEqual({ kind: 'approved', orderId: 'o3', orderStatus: 'fulfilled' });
    expect(store.getState().usersCards.userSavedCards).toEqual([visa]);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('a decline rejects with the server message and stores nothing', async () => {
    const net = mockApi({
      'POST v1/nuvei/init': { status: 402, body: { success: false, code: 'CARD_DECLINED', message: 'Your card was declined.' } },
    });
    const store = makeStore();
    const goTo = vi.fn();
    await expect(payWithCard({ orderId: 'o4', cardToken: 'vt_4' }, { dispatch: store.dispatch, goTo })).rejects.toMatchObject({
      status: 402,
      data: { message: 'Your card was declined.' },
    });
    expect(store.getState().usersCards.userSavedCards).toEqual([]);
    expect(store.getState().usersCards.threeDFingerprinting).toBeNull();
    expect(net.calls()).toEqual(['POST v1/nuvei/init']);
    expect(goTo).not.toHaveBeenCalled();
  });
});
