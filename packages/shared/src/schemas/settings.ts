import { z } from 'zod';

export const settings = z.object({
  companyName: z.string(),
  companyDescription: z.string(),
  addressLines: z.array(z.string()),
  phone: z.string(),
  supportEmail: z.string(),
  iosAppUrl: z.string(),
  androidAppUrl: z.string(),
  androidLatestVersion: z.string(),
  coinsPerDollar: z.number().int(),
  transactionLimitCents: z.number().int(),
  /** ISO country codes that may not use the store. */
  blockedCountries: z.array(z.string()),
  /** Sales tax by US state code, in basis points (none by default). */
  taxRatesBps: z.record(z.string(), z.number().int()),
});
export type Settings = z.infer<typeof settings>;
export const settingsResponse = z.object({ success: z.literal(true), data: settings });
