import { z } from 'zod';
import { US_REGIONS } from '../us-states.ts';

export const settings = z.object({
  companyName: z.string(),
  companyDescription: z.string(),
  addressLines: z.array(z.string()),
  phone: z.string(),
  supportEmail: z.string(),
  iosAppUrl: z.string(),
  androidAppUrl: z.string(),
  androidLatestVersion: z.string(),
  /** The latest iOS app version (issue 12); absent on installs saved before it existed. */
  iosLatestVersion: z.string().optional(),
  coinsPerDollar: z.number().int(),
  transactionLimitCents: z.number().int(),
  /** Who may not use the store: ISO 3166-1 countries ('CU') and ISO 3166-2 subdivisions ('UA-43'); ADR 018. */
  blockedCountries: z.array(z.string()),
  /** Sales tax by US state code, in basis points (none by default). */
  taxRatesBps: z.record(z.string(), z.number().int()),
});
export type Settings = z.infer<typeof settings>;
export const settingsResponse = z.object({ success: z.literal(true), data: settings });

/** A US state purchases are allowed from, with its Census region (SPEC §3 whiteListedStates). */
export const whitelistedState = z.object({ code: z.string(), name: z.string(), region: z.enum(US_REGIONS) });
export type WhitelistedState = z.infer<typeof whitelistedState>;
/** GET v1/admin/whitelist_states/whitelist: data.states, sorted by region (Census order), then by name (SPEC §7). */
export const whitelistStatesResponse = z.object({ success: z.literal(true), data: z.object({ states: z.array(whitelistedState) }) });
export type WhitelistStatesResponse = z.infer<typeof whitelistStatesResponse>;
