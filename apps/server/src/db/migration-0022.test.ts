// 0022 enables the embedded checkout (issue 11) in a store's stored purchase settings, once, keeping the
// rest of the list, and lets payment rows name the new method kind.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0022_embedded_checkout.sql';

describe(`migration ${THIS_MIGRATION}`, () => {
  const oldSchema = databaseBefore(THIS_MIGRATION);
  it('appends embedded_checkout to the enabled payment methods, keeping the list and the states', async () => {
    await oldSchema.query(`INSERT INTO settings (key, value) VALUES ('purchases', $1::jsonb)`, [
      JSON.stringify({ whitelistedStates: ['NY'], enabledPaymentMethods: ['card', 'square_card'] }),
    ]);
    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);
    const [row] = await oldSchema.query<{ value: unknown }>(`SELECT value FROM settings WHERE key = 'purchases'`);
    expect(row!.value).toEqual({ whitelistedStates: ['NY'], enabledPaymentMethods: ['card', 'square_card', 'embedded_checkout'] });
    const [check] = await oldSchema.query<{ def: string }>(
      // This test's table only: on PostgreSQL the catalogue holds every schema's, and another test file's
      // schema may be dropped while its constraint is read ("could not open relation with OID").
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'payments_method_check' AND conrelid = 'payments'::regclass`,
    );
    expect(check!.def).toContain('embedded_checkout');
  });
});
