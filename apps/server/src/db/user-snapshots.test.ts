// A user's kept answer (ADR 064) is served only while it is what the database holds: every change committed
// before a read, to any of the four tables migration 0056 watches and by whatever hand, is seen by that read.
// On the real database of the run (PGlite, or a schema on PostgreSQL): the triggers, LISTEN and NOTIFY are the
// database's own, nothing here stands in for them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBareAccount, openMigratedTestDatabase, type TestDatabase } from '../../test/support/test-app.ts';
import { DEFAULT_USER_SNAPSHOT_OPTIONS, UserSnapshots, userChangesChannel, type UserSnapshotOptions } from './user-snapshots.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openMigratedTestDatabase();
});
afterAll(() => t.drop());

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.rawTransaction((q) => q.query<R>(text, params));

let users = 0;
async function newUser(): Promise<string> {
  users += 1;
  const id = `snap-${users}-${Date.now()}`;
  await insertBareAccount(t.database, id);
  return id;
}

/** What a read answers in these tests: the user's first name, coins, verification status and identities, read now. */
async function readUser(id: string) {
  const [row] = await sql<{ firstname: string; coins: string | null; status: string | null; identities: string }>(
    `SELECT u.firstname,
            (SELECT sum(coins) FROM wallet_balances b WHERE b.user_id = u.id) AS coins,
            (SELECT status FROM kyc_records k WHERE k.user_id = u.id) AS status,
            (SELECT count(*) FROM social_identities s WHERE s.user_id = u.id) AS identities
       FROM users u WHERE u.id = $1`,
    [id],
  );
  return { firstname: row!.firstname, coins: Number(row!.coins ?? 0), status: row!.status, identities: Number(row!.identities) };
}

/** Snapshots whose loads are counted, listening before the test goes on. */
async function liveSnapshots(options: Partial<UserSnapshotOptions> = {}) {
  const snapshots = new UserSnapshots<Awaited<ReturnType<typeof readUser>>>(t.database, { ...DEFAULT_USER_SNAPSHOT_OPTIONS, ...options });
  const loads: string[] = [];
  const read = (id: string) =>
    snapshots.read(id, () => {
      loads.push(id);
      return readUser(id);
    });
  // The first read starts listening (and asks the database); kept answers are served once it listens.
  const first = await newUser();
  await read(first);
  await eventually(() => expect(snapshots.live).toBe(true));
  loads.length = 0;
  return { snapshots, read, loads };
}

describe('kept user answers', () => {
  it('serves a kept answer without asking the database again', async () => {
    const { snapshots, read, loads } = await liveSnapshots();
    const id = await newUser();
    expect(await read(id)).toEqual({ firstname: 'Mei', coins: 0, status: null, identities: 0 });
    expect(await read(id)).toEqual({ firstname: 'Mei', coins: 0, status: null, identities: 0 });
    expect(loads).toEqual([id]);
    expect(snapshots.size).toBe(1);
    await snapshots.close();
  });

  it('sees at once a change committed behind its back to any of the four tables, and only for that user', async () => {
    const { snapshots, read, loads } = await liveSnapshots();
    const id = await newUser();
    const other = await newUser();
    await read(id);
    await read(other);

    await sql(`UPDATE users SET firstname = 'Ana' WHERE id = $1`, [id]);
    expect((await read(id)).firstname).toBe('Ana');

    await sql(
      `INSERT INTO ledger_entries (user_id, wallet, amount, reason, reference) VALUES ($1, 'winWallet', 40, 'test', 'snap:' || $1)`,
      [id],
    );
    expect((await read(id)).coins).toBe(40);

    await sql(`INSERT INTO kyc_records (user_id, attempts, status) VALUES ($1, 1, 'INITIATED')`, [id]);
    expect((await read(id)).status).toBe('INITIATED');

    await sql(`INSERT INTO social_identities (id, user_id, provider, subject) VALUES ($1, $1, 'apple', 'apple-' || $1)`, [id]);
    expect((await read(id)).identities).toBe(1);

    await sql(`DELETE FROM social_identities WHERE user_id = $1`, [id]);
    expect((await read(id)).identities).toBe(0);

    // Five changes, five loads of `id`; the other user's answer stayed kept throughout.
    await read(other);
    expect(loads).toEqual([id, other, id, id, id, id, id]);
    await snapshots.close();
  });

  it('does not keep an answer loaded while a change to its user was heard', async () => {
    const { snapshots, read, loads } = await liveSnapshots();
    const id = await newUser();
    const stale = await snapshots.read(id, async () => {
      loads.push(id);
      const before = await readUser(id);
      const heardBefore = snapshots.changesHeard;
      // Committed after this load read the row, heard before the load ends: the load's answer is already old.
      await sql(`UPDATE users SET firstname = 'Ana' WHERE id = $1`, [id]);
      await eventually(() => expect(snapshots.changesHeard).toBeGreaterThan(heardBefore));
      return before;
    });
    // The read answers what it loaded (the change came after it began)...
    expect(stale.firstname).toBe('Mei');
    // ...but that answer was not kept: the next read loads again.
    expect((await read(id)).firstname).toBe('Ana');
    expect(loads).toEqual([id, id]);
    await snapshots.close();
  });

  it('drops every kept answer when a watched table is truncated', async () => {
    const { snapshots, read, loads } = await liveSnapshots();
    const a = await newUser();
    const b = await newUser();
    await read(a);
    await read(b);
    await sql('TRUNCATE social_identities');
    await read(a);
    await read(b);
    expect(loads).toEqual([a, b, a, b]);
    await snapshots.close();
  });

  it('keeps at most maxEntries answers, dropping the least recently read', async () => {
    const { snapshots, read, loads } = await liveSnapshots({ maxEntries: 2 });
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    await read(a);
    await read(b);
    await read(a); // a is now the most recently read
    await read(c); // b goes
    expect(snapshots.size).toBe(2);
    await read(a);
    await read(b);
    expect(loads).toEqual([a, b, c, b]);
    await snapshots.close();
  });

  it('asks the database for every read once closed', async () => {
    const { snapshots, read, loads } = await liveSnapshots();
    const id = await newUser();
    await read(id);
    await snapshots.close();
    await read(id);
    await read(id);
    expect(loads).toEqual([id, id, id]);
    expect(snapshots.live).toBe(false);
  });

  it('listens on the channel the triggers notify on', async () => {
    const channel = userChangesChannel(t.database.workingSchema);
    const heard: string[] = [];
    const listener = await t.database.listen(
      channel,
      (payload) => heard.push(payload),
      () => {},
    );
    const id = await newUser();
    await eventually(() => expect(heard).toContain(id));
    await listener.notify('hello');
    await eventually(() => expect(heard).toContain('hello'));
    await listener.close();
  });
});
