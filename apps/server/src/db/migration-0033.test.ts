// 0033 (issue 21, ADR 033): recordings count their bytes and carry a secret's hash; batches are stored
// compressed from now on. Sessions recorded before keep their jsonb batches, get their byte counts, and
// have no secret (no further batch is taken for them).
import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../../test/support/migration-test.ts';
import { migrateAll } from '../migrations.ts';

const THIS_MIGRATION = '0033_recording_bounds.sql';

describe(`migration ${THIS_MIGRATION}`, () => {
  const oldSchema = databaseBefore(THIS_MIGRATION);
  it('counts the bytes of the sessions recorded before, and keeps their batches as they were', async () => {
    const events = [{ type: 3, timestamp: 1, data: { text: 'héllo' } }];
    await oldSchema.query(
      `INSERT INTO recording_sessions (id, started_at, ended_at, event_count) VALUES ('old-session-00001', now(), now(), 2)`,
    );
    await oldSchema.query(
      `INSERT INTO recording_sessions (id, started_at, ended_at, event_count) VALUES ('old-session-empty', now(), now(), 0)`,
    );
    for (const sequence of [0, 1]) {
      await oldSchema.query(`INSERT INTO recording_batches (session_id, sequence, events) VALUES ('old-session-00001', $1, $2::jsonb)`, [
        sequence,
        JSON.stringify(events),
      ]);
    }
    expect(await migrateAll(oldSchema.database())).toContain(THIS_MIGRATION);

    const sessions = await oldSchema.query<{ id: string; secret_hash: string | null; event_bytes: string; stored_bytes: string }>(
      `SELECT id, secret_hash, event_bytes::text, stored_bytes::text FROM recording_sessions ORDER BY id`,
    );
    const jsonbText = (await oldSchema.query<{ t: string }>(`SELECT events::text AS t FROM recording_batches LIMIT 1`))[0]!.t;
    expect(sessions).toEqual([
      {
        id: 'old-session-00001',
        secret_hash: null,
        event_bytes: String(2 * Buffer.byteLength(jsonbText)),
        stored_bytes: expect.any(String),
      },
      { id: 'old-session-empty', secret_hash: null, event_bytes: '0', stored_bytes: '0' },
    ]);
    expect(Number(sessions[0]!.stored_bytes)).toBeGreaterThan(0);
    const batches = await oldSchema.query<{ events: unknown; events_gzip: unknown }>(`SELECT events, events_gzip FROM recording_batches`);
    expect(batches).toEqual([
      { events, events_gzip: null },
      { events, events_gzip: null },
    ]);
    // A batch has exactly one form.
    await expect(oldSchema.query(`INSERT INTO recording_batches (session_id, sequence) VALUES ('old-session-00001', 2)`)).rejects.toThrow();
  });
});
