// The connection kept answers hang on (ADR 064) ended by the PostgreSQL server, as a restart or a network failure
// would end it: nothing kept is trusted while it is down, and answers are kept again once it listens anew.
// This file needs DATABASE_URL; vitest.config.ts leaves it out of runs without it (PGlite has no connection to end).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { insertBareAccount, openMigratedTestDatabase, type TestDatabase } from './support/test-app.ts';
import { DEFAULT_USER_SNAPSHOT_OPTIONS, UserSnapshots, userChangesChannel } from '../src/db/user-snapshots.ts';

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error('change-notices-lost.test.ts needs DATABASE_URL: it ends a connection on the PostgreSQL server.');

let t: TestDatabase;
beforeAll(async () => {
  t = await openMigratedTestDatabase();
});
afterAll(() => t.drop());

const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 20 });
const sql = <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.rawTransaction((q) => q.query<R>(text, params));
const firstName = async (id: string) => (await sql<{ firstname: string }>('SELECT firstname FROM users WHERE id = $1', [id]))[0]!.firstname;

describe('the change notices connection lost', () => {
  it('asks the database while it is down, sees changes made meanwhile, and keeps answers again once back', async () => {
    const id = `lost-${Date.now()}`;
    await insertBareAccount(t.database, id);
    const lost: Error[] = [];
    const snapshots = new UserSnapshots<string>(t.database, {
      ...DEFAULT_USER_SNAPSHOT_OPTIONS,
      retryBaseMs: 50,
      retryMaxMs: 50,
      onLost: (err) => lost.push(err),
    });
    const loads: string[] = [];
    const read = () =>
      snapshots.read(id, () => {
        loads.push(id);
        return firstName(id);
      });
    await read();
    await eventually(() => expect(snapshots.live).toBe(true));
    await read();
    await read();
    expect(snapshots.size).toBe(1);

    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    const ended = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
      [`listen:${userChangesChannel(t.database.workingSchema)}`.slice(0, 63)],
    );
    await admin.end();
    expect(ended.rows.map((r) => r.ended)).toEqual([true]);
    await eventually(() => expect(snapshots.live).toBe(false));
    expect(lost).toHaveLength(1);
    expect(snapshots.size).toBe(0);

    // A change made while down is seen: every read asks the database.
    await sql(`UPDATE users SET firstname = 'Ana' WHERE id = $1`, [id]);
    expect(await read()).toBe('Ana');

    // A later read listens again; from then on answers are kept, and changes are heard again.
    await eventually(async () => {
      await read();
      expect(snapshots.live).toBe(true);
    });
    await read(); // kept now, if the read that found it listening was not yet
    loads.length = 0;
    await read();
    await read();
    expect(loads).toEqual([]);
    await sql(`UPDATE users SET firstname = 'Lu' WHERE id = $1`, [id]);
    expect(await read()).toBe('Lu');
    expect(loads).toEqual([id]);
    await snapshots.close();
  });
});
