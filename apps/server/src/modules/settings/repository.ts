import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export async function readSetting(db: Db, key: string): Promise<unknown | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return rows[0]?.value;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date(), version: sql`${settings.version} + 1` } });
}

/** Writes the value only when the key is absent, so a re-run seed never undoes an edit. */
export async function insertSettingIfMissing(db: Db | Tx, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}

/** The rows with their versions, locked until the transaction ends (the admin console's optimistic lock). */
export async function lockSettings(tx: Tx, keys: string[]): Promise<Map<string, { value: unknown; version: number }>> {
  const rows = await tx
    .select({ key: settings.key, value: settings.value, version: settings.version })
    .from(settings)
    .where(inArray(settings.key, keys))
    .for('update');
  return new Map(rows.map((r) => [r.key, { value: r.value, version: r.version }]));
}

/** Reads the rows with their versions, without locking. */
export async function readSettingsWithVersions(db: Db, keys: string[]): Promise<Map<string, { value: unknown; version: number }>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value, version: settings.version })
    .from(settings)
    .where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, { value: r.value, version: r.version }]));
}

/** writeSetting inside a transaction: the row's version goes up by one. */
export async function writeSettingInTx(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date(), version: sql`${settings.version} + 1` } });
}
