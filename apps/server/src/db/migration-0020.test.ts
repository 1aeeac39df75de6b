// 0020 adds the occupied regions of Ukraine to a store's blocked list when it is still the old default
// (ADR 018), and leaves a list someone changed alone.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0020_blocked_occupied_regions.sql';

function storeWithBlockedList(blocked: string[]) {
  const oldSchema = databaseBefore(THIS_MIGRATION);
  const blockedAfterMigration = async () => {
    await oldSchema.query(`INSERT INTO settings (key, value) VALUES ('store', $1::jsonb)`, [
      JSON.stringify({ companyName: 'Lucky Dragon Collective', blockedCountries: blocked }),
    ]);
    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);
    const [row] = await oldSchema.query<{ value: { companyName: string; blockedCountries: string[] } }>(
      `SELECT value FROM settings WHERE key = 'store'`,
    );
    expect(row!.value.companyName).toBe('Lucky Dragon Collective');
    return row!.value.blockedCountries;
  };
  return blockedAfterMigration;
}

describe(`migration ${THIS_MIGRATION}: a store on the old default`, () => {
  const blockedAfterMigration = storeWithBlockedList(['CU', 'IR', 'KP', 'SY']);
  it('blocks Crimea, Sevastopol, Donetsk and Luhansk too', async () => {
    expect(await blockedAfterMigration()).toEqual(['CU', 'IR', 'KP', 'SY', 'UA-43', 'UA-40', 'UA-14', 'UA-09']);
  });
});

describe(`migration ${THIS_MIGRATION}: a store whose list was changed`, () => {
  const blockedAfterMigration = storeWithBlockedList(['CU', 'IR']);
  it('keeps that list', async () => {
    expect(await blockedAfterMigration()).toEqual(['CU', 'IR']);
  });
});
