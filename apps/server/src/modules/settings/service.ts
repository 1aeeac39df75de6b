import { settings as settingsSchema, type Settings } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { insertSettingIfMissing, readSetting, writeSetting } from './repository.ts';
import { STARTER_SETTINGS } from './starter-settings.ts';

export const STORE_SETTINGS_KEY = 'store';

/**
 * Settings are read on hot paths (conversion rate, checkout limits, country checks) but change rarely,
 * so each database handle keeps them for a few seconds. Another instance sees a write after at most
 * this long.
 */
const CACHE_MS = 5_000;
const cache = new WeakMap<Db, { value: Promise<Settings>; expiresAt: number }>();

export function getStoreSettings(db: Db): Promise<Settings> {
  const hit = cache.get(db);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  const value = loadStoreSettings(db);
  cache.set(db, { value, expiresAt: Date.now() + CACHE_MS });
  // A failed read must not be served from the cache.
  value.catch(() => {
    if (cache.get(db)?.value === value) cache.delete(db);
  });
  return value;
}

async function loadStoreSettings(db: Db): Promise<Settings> {
  const raw = await readSetting(db, STORE_SETTINGS_KEY);
  // The seed writes this row on every start; its absence is a broken install, not a client error.
  if (raw === undefined) throw new Error(`settings row '${STORE_SETTINGS_KEY}' is missing; run the seed`);
  return settingsSchema.parse(raw);
}

export async function saveStoreSettings(db: Db, value: Settings): Promise<void> {
  await writeSetting(db, STORE_SETTINGS_KEY, settingsSchema.parse(value));
  cache.delete(db);
}

/** Coins per dollar and the largest order total (cents), as the cart's convertionrate call reports them. */
export async function getConversionRate(db: Db): Promise<{ coinsPerDollar: number; transactionLimitCents: number }> {
  const { coinsPerDollar, transactionLimitCents } = await getStoreSettings(db);
  return { coinsPerDollar, transactionLimitCents };
}

/** Writes the starter settings unless the row exists, so a re-run seed never undoes an edit. */
export async function seedStoreSettings(db: Db | Tx): Promise<void> {
  await insertSettingIfMissing(db, STORE_SETTINGS_KEY, STARTER_SETTINGS);
}
