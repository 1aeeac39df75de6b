// The admin console's settings page (issue 12, ADR 024): the store, purchase and cash-out rows read and
// written together. The version is the three rows' versions: a save from a stale copy is refused (409), and
// a save writes the audit log in its own transaction, then drops the cached settings so shoppers see it.
import type { AdminSettings, AdminSettingsUpdate } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { conflict } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import { lockSettings, readSettingsWithVersions, writeSettingInTx } from './repository.ts';
import { CASHOUT_SETTINGS_KEY, forgetCachedSettings, PURCHASE_SETTINGS_KEY, STORE_SETTINGS_KEY } from './service.ts';
import { cashoutSettings, purchaseSettings } from './settings-shapes.ts';
import { settings as storeSettingsSchema, US_STATES } from '@store/shared';
import { STARTER_CASHOUT_SETTINGS } from './starter-settings.ts';

const KEYS = [STORE_SETTINGS_KEY, PURCHASE_SETTINGS_KEY, CASHOUT_SETTINGS_KEY];
type Rows = Map<string, { value: unknown; version: number }>;

/** A missing cash-out row (an older install) reads as the starter rules at version 0. */
function parseRows(rows: Rows): AdminSettings {
  const store = rows.get(STORE_SETTINGS_KEY);
  const purchases = rows.get(PURCHASE_SETTINGS_KEY);
  if (!store || !purchases) throw new Error('settings rows are missing; run the seed');
  const cashout = rows.get(CASHOUT_SETTINGS_KEY);
  return {
    store: storeSettingsSchema.parse(store.value),
    purchases: purchaseSettings.parse(purchases.value),
    cashout: cashout ? cashoutSettings.parse(cashout.value) : STARTER_CASHOUT_SETTINGS,
    version: KEYS.map((key) => rows.get(key)?.version ?? 0).join('.'),
  };
}

export async function readAdminSettings(db: Db): Promise<AdminSettings> {
  return parseRows(await readSettingsWithVersions(db, KEYS));
}

/** JSON with object keys sorted: a tax table saved in another key order is not a change. */
const stableJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

type Section = Record<string, unknown>;
/** The fields of each section that changed: the audit entry names what was edited, not the whole page. */
function changes(before: Record<string, Section>, after: Record<string, Section>) {
  const was: Record<string, Section> = {};
  const now: Record<string, Section> = {};
  for (const section of Object.keys(after)) {
    for (const field of new Set([...Object.keys(before[section] ?? {}), ...Object.keys(after[section]!)])) {
      const a = before[section]?.[field];
      const b = after[section]![field];
      if (stableJson(a) === stableJson(b)) continue;
      (was[section] ??= {})[field] = a ?? null;
      (now[section] ??= {})[field] = b ?? null;
    }
  }
  return { before: was, after: now };
}

export async function updateAdminSettings(db: Db, actorId: string, input: AdminSettingsUpdate): Promise<AdminSettings> {
  await db.transaction(async (tx) => {
    const current = parseRows(await lockSettings(tx, KEYS));
    if (current.version !== input.version) {
      throw conflict('Another admin changed the settings since you opened them. Reload to see their change, then edit again.', 'version');
    }
    const { version: _read, ...old } = current;
    const { version: _sent, ...sent } = input;
    // States in the list's own order (the shared US_STATES), so the same states in another order are no change.
    const chosen = new Set(sent.purchases.whitelistedStates);
    const next = {
      ...sent,
      purchases: { ...sent.purchases, whitelistedStates: US_STATES.map((s) => s.code).filter((c) => chosen.has(c)) },
    };
    const diff = changes(old, next);
    if (Object.keys(diff.after).length === 0) return;
    await writeSettingInTx(tx, STORE_SETTINGS_KEY, storeSettingsSchema.parse(next.store));
    await writeSettingInTx(tx, PURCHASE_SETTINGS_KEY, purchaseSettings.parse(next.purchases));
    await writeSettingInTx(tx, CASHOUT_SETTINGS_KEY, cashoutSettings.parse(next.cashout));
    await recordAudit(tx, { actorId, action: 'settings.update', targetType: 'settings', targetId: 'store', ...diff });
  });
  // After the commit: a read made now must not be answered from the copy cached before it.
  forgetCachedSettings(db);
  return readAdminSettings(db);
}
