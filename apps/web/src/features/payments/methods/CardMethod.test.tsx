import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import CardMethod from './CardMethod.tsx';
import { makeStore } from '../../../app/store.ts';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { mockApi } from '../../../../test/mock-api.ts';
import { frameSessionRoute } from '../../../../test/vault-frame-session.ts';
import { renderPage } from '../../../../test/render.tsx';

// SPEC §8: "Payment call failures call the supplied error callback and then the shared handler." A 401
// makes the shared handler end the session at once (a store change, no waiting on a toast), so what the
// session looked like when the panel's callback ran tells which came first.

const VAULT = 'http://localhost:3001';
const ok = (data: unknown) => ({ body: { success: true, data } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function cardFrameAnswers(token: string) {
  const iframe = await screen.findByTestId<HTMLIFrameElement>('card-field-card-number');
  const frameWindow = iframe.contentWindow!;
  vi.spyOn(frameWindow, 'postMessage').mockImplementation(((message: { requestId: string }) => {
    queueMicrotask(() =>
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: VAULT,
          source: frameWindow,
          data: { type: 'token', requestId: message.requestId, token, brand: 'visa', last4: '4242' },
        }),
      ),
    );
  }) as typeof frameWindow.postMessage);
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin: VAULT, source: frameWindow, data: { type: 'loaded' } }));
  });
}

describe('CardMethod failures (SPEC §8)', () => {
  it("calls the panel's error callback first, then the shared handler", async () => {
    mockApi({
      ...frameSessionRoute(),
      'GET v1/nuvei/config': ok({ vaultOrigin: VAULT }),
      'GET v1/nuvei/cards': ok({ paymentMethods: [] }),
      'GET v1/checkout/getorder': ok({ _id: 'ord-1', status: 'pending', total: 999, totalCoins: 100, items: [] }),
      'POST v1/nuvei/init': { status: 401, body: { success: false, code: 'UNAUTHORIZED', message: 'Please sign in again.' } },
    });
    // Signed in as the app starts signed in: the token kept under xAuthToken (SPEC §4).
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok_live');
    const store = makeStore();
    expect(store.getState().auth.token).toBe('tok_live');
    const sessionWhenCalledBack: (string | null)[] = [];
    const onFailed = vi.fn(() => {
      sessionWhenCalledBack.push(store.getState().auth.token);
    });
    const { user } = renderPage(<CardMethod orderId="ord-1" onPaid={vi.fn()} onFailed={onFailed} />, {
      path: '/add-card/:orderId?',
      at: '/add-card/ord-1',
      store,
    });
    await cardFrameAnswers('vt_card');
    await vi.waitFor(() => expect(screen.getByTestId('pay-button')).toBeEnabled());
    await user.click(screen.getByTestId('pay-button'));

    // The shared handler's 401 row: the session ends and the browser goes to the site root.
    expect(await screen.findByTestId('location')).toHaveTextContent(/^Now at \/$/);
    expect(store.getState().auth.token).toBeNull();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith('Please sign in again.', false, 'UNAUTHORIZED');
    // ...and when the panel heard of the failure, the shopper was still signed in.
    expect(sessionWhenCalledBack).toEqual(['tok_live']);
  });
});
