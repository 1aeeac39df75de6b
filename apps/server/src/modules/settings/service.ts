import { z } from 'zod';
import { settings as settingsSchema, US_REGIONS, US_STATES, type Settings, type WhitelistedState } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { insertSettingIfMissing, readSetting, writeSetting } from './repository.ts';
import { cashoutSettings, purchaseSettings, type CashoutSettings, type PurchaseSettings } from './settings-shapes.ts';
import { STARTER_CASHOUT_SETTINGS, STARTER_PURCHASE_SETTINGS, STARTER_SETTINGS } from './starter-settings.ts';

export const STORE_SETTINGS_KEY = 'store';
/** Who may buy, and with what: not public (GET v1/settings never shows it). */
export const PURCHASE_SETTINGS_KEY = 'purchases';

/**
 * Settings are read on hot paths (conversion rate, checkout limits, country checks) but change rarely,
 * so each database handle keeps them for a few seconds. Another instance sees a write after at most
 * this long.
 */
const CACHE_MS = 5_000;

/** One settings row read through a per-handle cache, parsed by its schema. */
function cachedSetting<T>(key: string, schema: z.ZodType<T>) {
  const cache = new WeakMap<Db, { value: Promise<T>; expiresAt: number }>();
  const load = async (db: Db): Promise<T> => {
    const raw = await readSetting(db, key);
    // The seed writes this row on every start; its absence is a broken install, not a client error.
    if (raw === undefined) throw new Error(`settings row '${key}' is missing; run the seed`);
    return schema.parse(raw);
  };
  return {
    get(db: Db): Promise<T> {
      const hit = cache.get(db);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const value = load(db);
      cache.set(db, { value, expiresAt: Date.now() + CACHE_MS });
      // A failed read must not be served from the cache.
      value.catch(() => {
        if (cache.get(db)?.value === value) cache.delete(db);
      });
      return value;
    },
    async save(db: Db, value: T): Promise<void> {
      await writeSetting(db, key, schema.parse(value));
      cache.delete(db);
    },
    /** Drops this handle's copy: the next read asks the database (after a write made elsewhere). */
    forget(db: Db): void {
      cache.delete(db);
    },
  };
}

/**
 * The game providers (distributors) that may credit winnings, each by id with its signing key
 * (POST v1/third-party/distributors/{distributor}/credits). Not public. Absent until a distributor is
 * added (the demo seed adds one): then no distributor is known.
 */
export const DISTRIBUTORS_SETTINGS_KEY = 'distributors';
export const distributorKeys = z.record(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/), z.string().min(32));
export type DistributorKeys = z.infer<typeof distributorKeys>;

const storeSettings = cachedSetting(STORE_SETTINGS_KEY, settingsSchema);
const purchaseSettingsRow = cachedSetting(PURCHASE_SETTINGS_KEY, purchaseSettings);

export const getStoreSettings = (db: Db): Promise<Settings> => storeSettings.get(db);
/** Drops the cached settings of a handle, so a change written in a transaction shows at once. */
export function forgetCachedSettings(db: Db): void {
  storeSettings.forget(db);
  purchaseSettingsRow.forget(db);
}
/**
 * The distributors' signing keys; none when the row is absent (no distributor is set up). Read on every
 * credit, not cached: a few credits a second at most, and a key taken away stops working at once.
 */
export async function getDistributorKeys(db: Db): Promise<DistributorKeys> {
  const raw = await readSetting(db, DISTRIBUTORS_SETTINGS_KEY);
  return raw === undefined ? {} : distributorKeys.parse(raw);
}
export const saveDistributorKeys = async (db: Db, value: DistributorKeys): Promise<void> =>
  writeSetting(db, DISTRIBUTORS_SETTINGS_KEY, distributorKeys.parse(value));
/** Adds the distributor unless the row exists (the demo seed: a re-run never undoes an edit). */
export const seedDistributorKeys = (db: Db | Tx, value: DistributorKeys): Promise<void> =>
  insertSettingIfMissing(db, DISTRIBUTORS_SETTINGS_KEY, distributorKeys.parse(value));
export const saveStoreSettings = (db: Db, value: Settings): Promise<void> => storeSettings.save(db, value);
export const getPurchaseSettings = (db: Db): Promise<PurchaseSettings> => purchaseSettingsRow.get(db);
export const savePurchaseSettings = (db: Db, value: PurchaseSettings): Promise<void> => purchaseSettingsRow.save(db, value);

/**
 * GET v1/admin/whitelist_states/whitelist: the states purchases are allowed from, sorted by region in the
 * Census Bureau's order (Northeast, Midwest, South, West), then by name.
 */
export async function listWhitelistedStates(db: Db): Promise<WhitelistedState[]> {
  const allowed = new Set((await getPurchaseSettings(db)).whitelistedStates);
  return US_STATES.filter((s) => allowed.has(s.code))
    .map(({ code, name, region }) => ({ code, name, region }))
    .sort((a, b) => US_REGIONS.indexOf(a.region) - US_REGIONS.indexOf(b.region) || a.name.localeCompare(b.name, 'en'));
}

/**
 * Whether a shopper whose profile names this state may buy (ADR 004). No state on the profile (sign-up
 * asks for no address) is allowed: the country check at sign-in still applies. A state is matched by its
 * code ('TX') or its name ('Texas'), in any case; anything else (not a US state) is refused.
 */
export async function isStateWhitelisted(db: Db, state: string | null | undefined): Promise<boolean> {
  const wanted = state?.trim().toUpperCase();
  if (!wanted) return true;
  const known = US_STATES.find((s) => s.code === wanted || s.name.toUpperCase() === wanted);
  if (!known) return false;
  return (await getPurchaseSettings(db)).whitelistedStates.includes(known.code);
}

/** Coins per dollar and the largest order total (cents), as the cart's convertionrate call reports them. */
export async function getConversionRate(db: Db): Promise<{ coinsPerDollar: number; transactionLimitCents: number }> {
  const { coinsPerDollar, transactionLimitCents } = await getStoreSettings(db);
  return { coinsPerDollar, transactionLimitCents };
}

/** Writes the starter settings (store and purchases) unless their row exists, so a re-run seed never undoes an edit. */
export async function seedStoreSettings(db: Db | Tx): Promise<void> {
  await insertSettingIfMissing(db, STORE_SETTINGS_KEY, STARTER_SETTINGS);
  await insertSettingIfMissing(db, PURCHASE_SETTINGS_KEY, STARTER_PURCHASE_SETTINGS);
  await insertSettingIfMissing(db, CASHOUT_SETTINGS_KEY, STARTER_CASHOUT_SETTINGS);
}

// --- cash-out (issue 10, ADR 017) ---
/** The rules of a cash-out request (POST v1/third-party/requests/cashouts). Not cached: an edit applies at once. */
export const CASHOUT_SETTINGS_KEY = 'cashout';
/** The stored row, or the starter rules when an older install has none yet. */
export async function getCashoutSettings(db: Db): Promise<CashoutSettings> {
  const raw = await readSetting(db, CASHOUT_SETTINGS_KEY);
  return raw === undefined ? STARTER_CASHOUT_SETTINGS : cashoutSettings.parse(raw);
}
export const saveCashoutSettings = (db: Db, value: CashoutSettings): Promise<void> =>
  writeSetting(db, CASHOUT_SETTINGS_KEY, cashoutSettings.parse(value));
