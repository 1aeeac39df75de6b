import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { mockApi, type Handler } from '../../../test/mock-api.ts';
import { headerRoutes, promotionFixture, settingsFixture } from '../../../test/fixtures/site.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { createRoutes } from '../routes.tsx';
import { aProduct, listingEnvelope } from '../../../test/fixtures/catalog.ts';

const appPromotion = { ...promotionFixture, _id: 'promo_app', name: 'App exclusive: 15% extra coins', bonusPercentage: 15 };

const pageRoutes: Record<string, Handler> = {
  'GET v1/admin/product': listingEnvelope([aProduct({ name: 'Starter Pack' })]),
  'GET v1/settings': { body: { success: true, data: settingsFixture } },
  'GET v1/admin/promotions/active-promotion': { body: { success: true, data: appPromotion, promotion: appPromotion } },
};

function signIn() {
  storage.set(AUTH_TOKEN_KEY, 'tok_dana');
  storage.set(USER_KEY, { _id: 'u_dana', role: 'USER' });
}

/** Lets every fetch the page started finish, so late duplicates would be counted too. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe('home page promotion and shared calls (SPEC §7 "Promotions and settings")', () => {
  it('a signed-in load asks for settings and the web promotion once each, shared by header and page', async () => {
    signIn();
    const net = mockApi({ ...headerRoutes(), ...pageRoutes });
    renderRoutes(createRoutes, { path: '/' });

    const banner = await screen.findByRole('complementary', { name: 'Current promotion' });
    expect(banner).toHaveTextContent(promotionFixture.name);
    expect(banner).toHaveTextContent('Extra coins on every purchase.');
    const main = screen.getByRole('main');
    await within(main).findByText('Starter Pack');
    await within(main).findByRole('link', { name: 'Download on the App Store' });
    await screen.findByTestId('signed-in-header');
    await settle();

    const count = (key: string) => net.keys().filter((call) => call === key).length;
    expect(count('GET v1/settings')).toBe(1);
    expect(count('GET v1/admin/promotions/active-promotion-web')).toBe(1);
    expect(count('GET v1/getuser')).toBe(1);
    expect(count('GET v1/admin/promotions/active-promotion')).toBe(0);
  });

  it("a guest sees the mobile apps' promotion, asked for once and without a token", async () => {
    const net = mockApi(pageRoutes);
    renderRoutes(createRoutes, { path: '/' });

    const banner = await screen.findByRole('complementary', { name: 'Current promotion' });
    expect(banner).toHaveTextContent('App exclusive: 15% extra coins');
    expect(banner).toHaveTextContent('15% Bonus');
    expect(banner).toHaveTextContent('in our mobile app');
    await screen.findByTestId('public-header');
    await settle();

    const promotionCalls = net.callsTo('GET', 'v1/admin/promotions/active-promotion');
    expect(promotionCalls).toHaveLength(1);
    expect(promotionCalls[0].headers.has('x-auth-token')).toBe(false);
    expect(net.keys()).not.toContain('GET v1/admin/promotions/active-promotion-web');
    expect(net.keys().filter((call) => call === 'GET v1/settings')).toHaveLength(1);
  });

  it('a failing promotion call only hides the banner: no error toast', async () => {
    signIn();
    mockApi({
      ...headerRoutes(),
      ...pageRoutes,
      'GET v1/admin/promotions/active-promotion-web': {
        status: 500,
        body: { success: false, message: 'Promotions are down.', code: 'INTERNAL' },
      },
    });
    renderRoutes(createRoutes, { path: '/' });

    const main = await screen.findByRole('main');
    await within(main).findByText('Starter Pack');
    await settle();
    expect(screen.queryByRole('complementary', { name: 'Current promotion' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
