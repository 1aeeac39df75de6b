// One user's live events must commit in id order (a reader past id 11 never learns of a 10 committed later):
// recordLiveEvent takes the user's advisory lock before it draws the event's id, in one statement.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertBareAccount, openMigratedTestDatabase, type TestDatabase } from '../../test/support/test-app.ts';
import { recordLiveEvent } from './live-events.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openMigratedTestDatabase();
  for (const id of ['u-plain', 'u-order']) await insertBareAccount(t.database, id);
});
afterAll(() => t.drop());

/** Sessions of this database waiting for a live event's advisory lock (another connection than the test's). */
async function writersWaiting(): Promise<number> {
  const result = await t.database.db.execute(sql`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'
      AND query LIKE '%hashtext(''live_events'')%'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('recordLiveEvent', () => {
  it('stores the event and returns its id', async () => {
    const id = await recordLiveEvent(t.database.db, 'u-plain', 'balanceUpdated', { coins: 5 });
    const rows = await t.database.rawTransaction((q) =>
      q.query<{ id: string; type: string; payload: unknown }>('SELECT id, type, payload FROM live_events WHERE user_id = $1', ['u-plain']),
    );
    expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([{ id, type: 'balanceUpdated', payload: { coins: 5 } }]);
  });

  it("draws the id only once it holds the user's lock, so a writer that waited commits after, with a higher id", async () => {
    let waiting: Promise<number> | undefined;
    const heldId = await t.database.rawTransaction(async (q) => {
      await q.query(`SELECT pg_advisory_xact_lock(hashtext('live_events'), hashtext($1))`, ['u-order']);
      // Another writer of the same user comes while the lock is held...
      waiting = recordLiveEvent(t.database.db, 'u-order', 'second', {});
      // On PostgreSQL, seen waiting for the lock (PGlite has one connection: the writer simply comes after).
      if (t.database.kind === 'postgres') await vi.waitFor(() => expect(writersWaiting()).resolves.toBeGreaterThan(0), { timeout: 30_000 });
      // ...and the lock's holder stores its own event meanwhile.
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO live_events (user_id, type, payload) VALUES ($1, 'first', '{}') RETURNING id`,
        ['u-order'],
      );
      return Number(row!.id);
    });
    expect(await waiting).toBeGreaterThan(heldId);
  });
});
