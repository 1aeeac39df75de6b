import { z } from 'zod';
import {
  CARD_ROUTE_KINDS,
  COUNTRIES,
  PAYMENT_METHOD_KINDS,
  US_STATES,
  type AdminSettingsUpdate,
  type PaymentMethodKind,
} from '@store/shared';
import { bpsToPercent, centsToDollars, DOLLARS, dollarsToCents, PERCENT, percentToBps, WHOLE } from '../forms/form-values.ts';
import type { AdminSettingsData } from './settings-api.ts';

const ALPHA2 = new Set(COUNTRIES.map((c) => c.code));
const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;

const required = (what: string) => z.string().trim().min(1, `Enter ${what}.`);
const whole = (message: string, min = 1) =>
  z
    .string()
    .trim()
    .refine((v) => WHOLE.test(v) && Number(v) >= min, message);
const https = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return new URL(v).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter an https:// address.');

/** Codes typed with commas, spaces or new lines between them, in any case. */
export const splitCodes = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
const placeIsKnown = (code: string) => /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(code) && ALPHA2.has(code.slice(0, 2));

/**
 * The settings page. Money in dollars (read as integer cents), tax in percent with at most two decimals
 * (read as basis points: 8.25 % is 825), coins and hours in whole numbers.
 */
export const settingsForm = z
  .object({
    companyName: required('the company name'),
    companyDescription: z.string().trim().max(5_000, 'Keep the description under 5,000 characters.'),
    addressLines: z.string().refine((v) => v.split('\n').some((l) => l.trim()), 'Enter the address, one line per row.'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()./-]{6,30}$/, 'Enter a phone number.'),
    supportEmail: z.email({ error: 'Enter an e-mail address.' }),
    iosAppUrl: https,
    androidAppUrl: https,
    androidLatestVersion: z.string().trim().regex(VERSION, 'Enter a version like 2.4.1.'),
    iosLatestVersion: z.string().trim().regex(VERSION, 'Enter a version like 2.4.1.'),
    coinsPerDollar: whole('Enter a whole number of coins above 0.'),
    transactionLimit: z
      .string()
      .trim()
      .refine((v) => DOLLARS.test(v) && dollarsToCents(v) > 0, 'Enter an amount in dollars above 0, e.g. 500 or 499.99.'),
    blockedCountries: z
      .string()
      .refine((v) => splitCodes(v).every(placeIsKnown), 'Use ISO country codes (two letters, e.g. CU) or subdivisions (e.g. UA-43).'),
    taxRates: z.record(
      z.string(),
      z
        .string()
        .trim()
        .refine((v) => v === '' || (PERCENT.test(v) && Number(v) <= 100), 'From 0 to 100, at most two decimals.'),
    ),
    whitelistedStates: z.array(z.string()),
    enabledPaymentMethods: z.array(z.enum(PAYMENT_METHOD_KINDS)),
    cardPrimary: z.enum(CARD_ROUTE_KINDS),
    /** '' is no fallback. */
    cardFallback: z.union([z.enum(CARD_ROUTE_KINDS), z.literal('')]),
    minCoins: whole('Enter a whole number of coins above 0.'),
    maxCoins: whole('Enter a whole number of coins above 0.'),
    dailyLimitCoins: whole('Enter a whole number of coins above 0.'),
    achHoldHours: whole('Enter a whole number of hours.', 0),
  })
  .superRefine((v, ctx) => {
    if (v.cardFallback === v.cardPrimary) {
      ctx.addIssue({ code: 'custom', path: ['cardFallback'], message: 'Choose another provider than the primary, or none.' });
    }
    if (WHOLE.test(v.minCoins) && WHOLE.test(v.maxCoins) && Number(v.maxCoins) < Number(v.minCoins)) {
      ctx.addIssue({ code: 'custom', path: ['maxCoins'], message: 'The most a request may take cannot be below the least.' });
    }
    if (WHOLE.test(v.maxCoins) && WHOLE.test(v.dailyLimitCoins) && Number(v.dailyLimitCoins) < Number(v.maxCoins)) {
      ctx.addIssue({ code: 'custom', path: ['dailyLimitCoins'], message: 'The daily limit cannot be below one request’s most.' });
    }
  })
  .transform((v): Omit<AdminSettingsUpdate, 'version'> => ({
    store: {
      companyName: v.companyName,
      companyDescription: v.companyDescription,
      addressLines: v.addressLines
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      phone: v.phone,
      supportEmail: v.supportEmail,
      iosAppUrl: v.iosAppUrl,
      androidAppUrl: v.androidAppUrl,
      androidLatestVersion: v.androidLatestVersion,
      iosLatestVersion: v.iosLatestVersion,
      coinsPerDollar: Number(v.coinsPerDollar),
      transactionLimitCents: dollarsToCents(v.transactionLimit),
      blockedCountries: [...new Set(splitCodes(v.blockedCountries))],
      taxRatesBps: Object.fromEntries(
        Object.entries(v.taxRates)
          .filter(([, rate]) => rate.trim() !== '')
          .map(([state, rate]) => [state, percentToBps(rate)]),
      ),
    },
    // In the lists' own order (checkboxes report in the order they were ticked), so a save reads the same.
    purchases: {
      whitelistedStates: US_STATES.map((s) => s.code).filter((code) => v.whitelistedStates.includes(code)),
      enabledPaymentMethods: PAYMENT_METHOD_KINDS.filter((kind) => v.enabledPaymentMethods.includes(kind)),
      cardRouting: { primary: v.cardPrimary, fallback: v.cardFallback || null },
    },
    cashout: {
      minCoins: Number(v.minCoins),
      maxCoins: Number(v.maxCoins),
      dailyLimitCoins: Number(v.dailyLimitCoins),
      achHoldHours: Number(v.achHoldHours),
    },
  }));
export type SettingsFormValues = z.input<typeof settingsForm>;
export type SettingsFormOutput = z.output<typeof settingsForm>;

export function settingsToForm({ store, purchases, cashout }: AdminSettingsData): SettingsFormValues {
  return {
    companyName: store.companyName,
    companyDescription: store.companyDescription,
    addressLines: store.addressLines.join('\n'),
    phone: store.phone,
    supportEmail: store.supportEmail,
    iosAppUrl: store.iosAppUrl,
    androidAppUrl: store.androidAppUrl,
    androidLatestVersion: store.androidLatestVersion,
    iosLatestVersion: store.iosLatestVersion ?? '',
    coinsPerDollar: String(store.coinsPerDollar),
    transactionLimit: centsToDollars(store.transactionLimitCents),
    blockedCountries: store.blockedCountries.join(', '),
    taxRates: Object.fromEntries(
      US_STATES.map((s) => [s.code, s.code in store.taxRatesBps ? bpsToPercent(store.taxRatesBps[s.code]!) : '']),
    ),
    whitelistedStates: purchases.whitelistedStates,
    enabledPaymentMethods: purchases.enabledPaymentMethods as PaymentMethodKind[],
    cardPrimary: purchases.cardRouting.primary,
    cardFallback: purchases.cardRouting.fallback ?? '',
    minCoins: String(cashout.minCoins),
    maxCoins: String(cashout.maxCoins),
    dailyLimitCoins: String(cashout.dailyLimitCoins),
    achHoldHours: String(cashout.achHoldHours),
  };
}

/** The server's field paths (e.g. 'store.coinsPerDollar', 'store.taxRatesBps.TX') as the form's. */
export function formFieldOf(serverField: string | null): string | null {
  if (!serverField) return null;
  const [section, field, key] = serverField.split('.');
  if (section === 'store' && field === 'transactionLimitCents') return 'transactionLimit';
  if (section === 'store' && field === 'taxRatesBps' && key) return `taxRates.${key}`;
  if (section === 'purchases' && field === 'cardRouting') return key === 'fallback' ? 'cardFallback' : 'cardPrimary';
  if (section === 'store' && (field === 'addressLines' || field === 'blockedCountries')) return field;
  if ((section === 'store' || section === 'purchases' || section === 'cashout') && field) return field;
  return null;
}
