import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import HomePage from './HomePage.tsx';
import { aGiftCard, aProduct, listingEnvelope } from '../../../../test/fixtures/catalog.ts';
import { mockApi } from '../../../../test/mock-api.ts';
import { renderPage } from '../../../../test/render.tsx';

// Typing through a real form is slow on a busy machine; the 5 s default is not about correctness.
afterEach(() => vi.unstubAllGlobals());

const settings = {
  companyName: 'Lucky Dragon',
  companyDescription: 'An artist collective.',
  addressLines: ['1 Main St'],
  phone: '+1 555 0100',
  supportEmail: 'help@luckydragon.example',
  iosAppUrl: 'https://apps.apple.com/app/lucky-dragon',
  androidAppUrl: 'https://play.google.com/store/apps/details?id=lucky.dragon',
  androidLatestVersion: '1.0.0',
  coinsPerDollar: 100,
  transactionLimitCents: 100000,
  blockedCountries: [],
  taxRatesBps: {},
};

const springSplash = {
  _id: 'promo',
  name: 'Spring Splash',
  bonusPercentage: 15,
  bonusType: 'PERCENTAGE' as const,
  startsAt: '2024-03-01T00:00:00Z',
  endsAt: null,
};

describe('HomePage', () => {
  it('pitches the store, shows the web promotion, featured packages, gift cards and the app links', async () => {
    const products = Array.from({ length: 10 }, (_, i) => aProduct({ _id: `p-${i}`, name: `Pack ${i}`, isAvailable: i !== 0 }));
    mockApi({
      'GET v1/admin/product': listingEnvelope(products, [aGiftCard({ name: 'Dragon Gift Card' })]),
      'GET v1/settings': { body: { success: true, data: settings } },
    });
    renderPage(<HomePage promotion={springSplash} promotionChannel="web" />, { path: '/' });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Power up your game in seconds');
    const promotion = await screen.findByRole('complementary', { name: 'Current promotion' });
    expect(promotion).toHaveTextContent('Spring Splash');
    expect(promotion).toHaveTextContent('15% Bonus');
    expect(promotion).toHaveTextContent('Extra coins on every purchase.');

    const featured = await screen.findByRole('list', { name: 'Featured coin packages' });
    const featuredCards = within(featured).getAllByTestId('product-card');
    expect(featuredCards).toHaveLength(8);
    expect(featuredCards.every((card) => card.getAttribute('data-available') === 'true')).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Gift cards' })).getByText('Dragon Gift Card')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', settings.iosAppUrl);
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('target', '_blank');
  });

  it('shows no banner when no promotion runs', async () => {
    mockApi({
      'GET v1/admin/product': listingEnvelope([aProduct()]),
      'GET v1/settings': { body: { success: true, data: settings } },
    });
    renderPage(<HomePage promotion={null} promotionChannel="web" />, { path: '/' });
    await screen.findByTestId('product-card');
    await screen.findByRole('link', { name: 'Download on the App Store' });
    expect(screen.queryByRole('complementary', { name: 'Current promotion' })).not.toBeInTheDocument();
  });

  it("says when the promotion is the mobile apps' one, with its end date", async () => {
    mockApi({
      'GET v1/admin/product': listingEnvelope([aProduct()]),
      'GET v1/settings': { body: { success: true, data: settings } },
    });
    const appOnly = {
      ...springSplash,
      name: 'App exclusive',
      bonusType: 'COINS' as const,
      bonusPercentage: 300,
      endsAt: '2024-07-04T12:00:00Z',
    };
    renderPage(<HomePage promotion={appOnly} promotionChannel="app" />, { path: '/' });
    const promotion = await screen.findByRole('complementary', { name: 'Current promotion' });
    expect(promotion).toHaveTextContent('App exclusive');
    expect(promotion).toHaveTextContent('300 LDC Bonus');
    expect(promotion).toHaveTextContent('Extra coins on every purchase in our mobile app until July 4, 2024.');
  });
});
