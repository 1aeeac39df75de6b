import type { GetUserResponse, Settings } from '@store/shared';

export const settingsFixture: Settings = {
  companyName: 'Lucky Dragon Collective',
  companyDescription: 'An artist collective that gives back to its online community through sweepstakes and giveaways.',
  addressLines: ['1200 Harbor Street, Suite 400', 'San Francisco, CA 94105', 'United States'],
  phone: '+1 (415) 555-0142',
  supportEmail: 'support@luckydragon.example',
  iosAppUrl: 'https://apps.apple.com/app/lucky-dragon/id100000001',
  androidAppUrl: 'https://play.google.com/store/apps/details?id=example.luckydragon',
  androidLatestVersion: '2.4.1',
  coinsPerDollar: 100,
  transactionLimitCents: 50000,
  blockedCountries: ['KP', 'IR'],
  taxRatesBps: {},
};

export function getUserFixture(overrides: Partial<GetUserResponse> = {}): GetUserResponse {
  return {
    success: true,
    data: {
      _id: 'u_dana',
      role: 'USER',
      email: 'dana@example.com',
      firstname: 'Dana',
      lastname: 'Demo',
      image: null,
      coins: { purchasedWallet: 1200, winWallet: 30, stackingWallet: 4 },
      address: { street: '12 Elm Road', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      userip: '203.0.113.7',
    },
    jumio: null,
    states: [{ code: 'TX', name: 'Texas', region: 'South' }],
    ...overrides,
  };
}

export const promotionFixture = {
  _id: 'promo_web',
  name: 'Weekend Gold Rush',
  bonusPercentage: 20,
  bonusType: 'PERCENTAGE' as const,
  startsAt: '2024-01-01T00:00:00.000Z',
  endsAt: null,
};

/** The five header fetches answering normally. */
export function headerRoutes(getUser: GetUserResponse = getUserFixture()) {
  return {
    'GET v1/getuser': { body: getUser },
    'GET v1/settings': { body: { success: true, data: settingsFixture } },
    'GET v1/admin/promotions/active-promotion-web': { body: { success: true, data: promotionFixture, promotion: promotionFixture } },
    'GET v1/cart/convertionrate': { body: { success: true, data: 100, transactionLimit: 50000 } },
  };
}
