import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { headerRoutes } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { listeningLive } from '../../../test/live.ts';
import { RootLayout } from '../layout/RootLayout.tsx';

type Listener = (payload: unknown) => void;
/** The listeners the screen gave the store's live connection, for the test to call. */
const listeners = new Map<string, Listener[]>();
const live = listeningLive(listeners);

beforeEach(() => {
  listeners.clear();
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
});

afterEach(() => vi.unstubAllGlobals());

const cartWith = (itemCount: number) => ({
  body: {
    success: true,
    data: {
      _id: 'cart-1',
      items: [],
      itemCount,
      orderType: 'DigitalProduct',
      amountType: 'static',
      coin: 100,
      promotion: null,
      eligibilityPromotion: null,
      android: null,
      coupon: null,
      totals: { subtotal: 0, discount: 0, tax: 0, total: 0, coins: 0, bonusCoins: 0, totalCoins: 0 },
      transactionLimit: 50000,
    },
    getOrderCart: [],
    taxData: null,
  },
});

describe('header cart badge', () => {
  it('shows the cart item count and follows the cartUpdated live event', async () => {
    let count = 4;
    const net = mockApi({ ...headerRoutes(), 'GET v1/cart': () => cartWith(count) });
    renderRoutes([{ element: <RootLayout />, children: [{ path: '*', element: <h1>Page</h1> }] }], { live });
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('4'));
    await waitFor(() => expect(listeners.get('cartUpdated')?.length).toBeGreaterThan(0));

    count = 0;
    act(() => {
      for (const listener of listeners.get('cartUpdated') ?? []) listener({ itemCount: 0 });
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('0');
    // The lines are fetched again so the cart page matches.
    await waitFor(() => expect(net.keys().filter((call) => call === 'GET v1/cart')).toHaveLength(2));
  });
});
