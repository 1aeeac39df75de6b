import { PAYMENT_METHOD_KINDS, US_STATES, type Settings } from '@store/shared';
import type { CashoutSettings, PurchaseSettings } from './settings-shapes.ts';

/**
 * What a fresh install shows in the footer, the app links and the cart rules. The seed writes it once;
 * after that the stored row is the truth (edits survive restarts).
 */
export const STARTER_SETTINGS: Settings = {
  companyName: 'Lucky Dragon Collective',
  companyDescription:
    'Lucky Dragon Collective is an independent group of illustrators, animators and game artists. ' +
    'We draw the dragons, lanterns and treasure behind our social games, and we give back to the online ' +
    'community that plays them through regular sweepstakes, prize draws and giveaways. Coins bought here ' +
    'are for entertainment in our games; no purchase is necessary to enter or win a sweepstakes.',
  addressLines: ['Lucky Dragon Collective LLC', '1208 Lantern Street, Suite 300', 'Austin, TX 78701', 'United States'],
  // 555-01xx numbers are reserved for fiction, so the demo never rings a real person.
  phone: '+1 (512) 555-0148',
  supportEmail: 'support@luckydragon.example',
  iosAppUrl: 'https://apps.apple.com/us/app/lucky-dragon-coins/id6450000000',
  androidAppUrl: 'https://play.google.com/store/apps/details?id=com.luckydragon.coins',
  androidLatestVersion: '2.4.1',
  iosLatestVersion: '2.4.1',
  coinsPerDollar: 100,
  transactionLimitCents: 50_000,
  // The comprehensively sanctioned: Cuba, Iran, North Korea, Syria, and the occupied regions of Ukraine
  // as ISO 3166-2 subdivisions the geo-IP data names (Crimea, Sevastopol, Donetsk, Luhansk; ADR 018).
  blockedCountries: ['CU', 'IR', 'KP', 'SY', 'UA-43', 'UA-40', 'UA-14', 'UA-09'],
  taxRatesBps: {},
};

/**
 * Who may buy and with what, on a fresh install. Every state and DC except Washington and Idaho, a
 * common exclusion for sweepstakes-coin stores (both states' gambling laws are read strictly against
 * sweepstakes coins sold for money). Every payment
 * method kind is enabled; one still needs a registered provider that serves it.
 */
export const STARTER_PURCHASE_SETTINGS: PurchaseSettings = {
  whitelistedStates: US_STATES.map((s) => s.code).filter((code) => code !== 'WA' && code !== 'ID'),
  enabledPaymentMethods: [...PAYMENT_METHOD_KINDS],
  // Our vault's fields to Nuvei; Stripe takes cards while Nuvei is down.
  cardRouting: { primary: 'card', fallback: 'stripe_card' },
};

/** Cash-out rules on a fresh install (issue 10): $10 to $1,000 a request at 100 coins a dollar, $2,000 a day, 72 hours after a bank purchase. */
export const STARTER_CASHOUT_SETTINGS: CashoutSettings = {
  minCoins: 1_000,
  maxCoins: 100_000,
  dailyLimitCoins: 200_000,
  achHoldHours: 72,
};
