// 0055 (issue 26, ADR 061): each shopper's balance per wallet becomes a row the database keeps with the ledger.
// Existing balances are summed from the ledger; from then on every inserted entry is added in its own
// statement, an entry the ledger refuses adds nothing, and the ledger can no longer be changed in place.
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0055_wallet_balances.sql';
const oldSchema = databaseBefore(THIS_MIGRATION);
const query = oldSchema.query;

const entry = (user: string, wallet: string, amount: number, reference: string) =>
  query(`INSERT INTO ledger_entries (user_id, wallet, amount, reason, reference) VALUES ($1, $2, $3, 'test', $4) ON CONFLICT DO NOTHING`, [
    user,
    wallet,
    amount,
    reference,
  ]);

const balances = () =>
  query<{ user_id: string; wallet: string; coins: string; entries: string }>('SELECT * FROM wallet_balances ORDER BY user_id, wallet').then(
    (rows) => rows.map((r) => [r.user_id, r.wallet, Number(r.coins), Number(r.entries)]),
  );

describe(`migration ${THIS_MIGRATION}`, () => {
  it('sums the existing ledger into balance rows, then keeps them with every insert', async () => {
    for (const id of ['u1', 'u2', 'u3'])
      await query(`INSERT INTO users (id, email, password_hash, firstname, lastname) VALUES ($1, $1 || '@example.com', 'x', 'A', 'B')`, [
        id,
      ]);
    await entry('u1', 'purchasedWallet', 500, 'order:1');
    await entry('u1', 'purchasedWallet', -200, 'spend:1');
    await entry('u1', 'winWallet', 30, 'win:1');
    await entry('u1', 'winWallet', -30, 'hold:1');
    await entry('u1', 'cashOutHold', 30, 'hold:1');
    await entry('u2', 'stackingWallet', 7, 'bonus:1');

    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);
    expect(await balances()).toEqual([
      ['u1', 'cashOutHold', 30, 1],
      ['u1', 'purchasedWallet', 300, 2],
      ['u1', 'winWallet', 0, 2],
      ['u2', 'stackingWallet', 7, 1],
    ]);

    // One statement of several entries, a new wallet among them; then a repeat the ledger refuses.
    await query(
      `INSERT INTO ledger_entries (user_id, wallet, amount, reason, reference) VALUES
         ('u3', 'winWallet', 10, 'win', 'win:2'), ('u3', 'winWallet', 5, 'win', 'win:3'), ('u1', 'purchasedWallet', 1, 'x', 'x:1')`,
    );
    await entry('u3', 'winWallet', 10, 'win:2');
    expect(await balances()).toEqual([
      ['u1', 'cashOutHold', 30, 1],
      ['u1', 'purchasedWallet', 301, 3],
      ['u1', 'winWallet', 0, 2],
      ['u2', 'stackingWallet', 7, 1],
      ['u3', 'winWallet', 15, 2],
    ]);

    // An entry whose transaction rolls back leaves its balance as it was.
    await expect(
      query(
        `INSERT INTO ledger_entries (user_id, wallet, amount, reason, reference) VALUES ('u2', 'stackingWallet', 1, 'x', 'y:1'), ('nobody', 'winWallet', 1, 'x', 'y:2')`,
      ),
    ).rejects.toThrow();
    expect((await balances()).find(([user]) => user === 'u2')).toEqual(['u2', 'stackingWallet', 7, 1]);
  });

  it('refuses to change or remove a ledger entry, which would leave its balance behind', async () => {
    for (const statement of [
      `UPDATE ledger_entries SET amount = amount + 1 WHERE user_id = 'u1'`,
      `DELETE FROM ledger_entries WHERE user_id = 'u1'`,
      'TRUNCATE ledger_entries',
    ]) {
      await expect(query(statement)).rejects.toThrow(/ledger_entries is append-only: (UPDATE|DELETE|TRUNCATE) refused/);
    }
    expect(Number((await query<{ n: string }>('SELECT count(*) AS n FROM ledger_entries'))[0]!.n)).toBe(9);
  });
});
