// 0032 gives card tokens an expiry and a "used" mark (ADR 032). Tokens stored before it are all kept: a
// saved card, a payment or a provider sandbox's book may refer to any of them.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0032_vault_token_expiry.sql';

describe(`migration ${THIS_MIGRATION}`, () => {
  const oldSchema = databaseBefore(THIS_MIGRATION);
  it('marks every token stored before it as used since it was stored, so the delete job never takes one', async () => {
    await oldSchema.query(
      `INSERT INTO vault_cards (token, ciphertext, iv, auth_tag, brand, last4, exp_month, exp_year, created_at)
       VALUES ('card_old_saved', 'c', 'i', 'a', 'visa', '1111', 12, 2034, now() - interval '90 days'),
              ('card_old_unused', 'c', 'i', 'a', 'visa', '4242', 1, 2030, now() - interval '1 day')`,
    );
    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);
    const rows = await oldSchema.query<{ token: string; kept: boolean; expires_at: Date | null }>(
      `SELECT token, used_at = created_at AS kept, expires_at FROM vault_cards ORDER BY token`,
    );
    expect(rows).toEqual([
      { token: 'card_old_saved', kept: true, expires_at: null },
      { token: 'card_old_unused', kept: true, expires_at: null },
    ]);
    const [index] = await oldSchema.query<{ def: string }>(
      // This test's schema only: on PostgreSQL the catalogue lists every schema, other test files' too.
      `SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'vault_cards_unused_expiry_idx' AND schemaname = current_schema()`,
    );
    expect(index!.def).toMatch(/WHERE \(used_at IS NULL\)/);
  });
});
