// Issue 21: session recordings had no bounds. Anyone could append to a recording whose id they knew, one
// client stored 27 MB in 86 s, and some batches answered 500. Here as an outsider meets the store: a
// listening server, real HTTP, several client addresses (the app trusts 127.0.0.1 to name them in
// X-Forwarded-For).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRecordingEventsResponse, RECORDING_ERROR } from '@store/shared';
import { createAdmin } from '../../../test/support/cashout.ts';
import { recordingClient } from '../../../test/support/recordings.ts';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { parseBatchText } from './batch-body.ts';
import { enforceStorageCap } from './index.ts';

const PER_RECORDING_EVENTS = 20;
const PER_RECORDING_BYTES = 20_000;
const PER_ADDRESS_EVENTS = 50;
const PER_ADDRESS_BYTES = 100_000;

let t: TestApp;
let baseUrl: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp(
    {
      TRUST_PROXY: ['127.0.0.1'],
      RECORDING_MAX_EVENTS_PER_RECORDING: PER_RECORDING_EVENTS,
      RECORDING_MAX_BYTES_PER_RECORDING: PER_RECORDING_BYTES,
      RECORDING_MAX_EVENTS_PER_ADDRESS_PER_HOUR: PER_ADDRESS_EVENTS,
      RECORDING_MAX_BYTES_PER_ADDRESS_PER_HOUR: PER_ADDRESS_BYTES,
    },
    { seedDemo: false },
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = (await createAdmin(t.database.db)).token;
});
afterAll(() => t.close());

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
const click = (n: number) => ({ type: 3, timestamp: 1_700_000_000_000 + n, data: { source: 2, type: 2, id: 7, x: n, y: 20 } });
const clicks = (count: number, from = 0) => Array.from({ length: count }, (_, i) => click(from + i));
/** One event of about `bytes` bytes of text that does not compress (random hex). */
const bulky = (bytes: number, n = 0) => ({
  type: 3,
  timestamp: 1_700_000_000_000 + n,
  data: { text: randomBytes(bytes / 2).toString('hex') },
});

/** What the admin console replays of a recording; null when there is no such recording. */
async function replay(recordingId: string) {
  const res = await fetch(`${baseUrl}/api/v1/admin/recordings/${recordingId}/events`, { headers: { 'x-auth-token': adminToken } });
  if (res.status === 404) return null;
  return adminRecordingEventsResponse.parse(await res.json()).data;
}

function expectRefused(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code });
  expect(String(res.body.message).length).toBeGreaterThan(10);
}

describe("another browser's recording", () => {
  it('cannot be appended to by someone who knows its id but not its secret: 403, and nothing is stored', async () => {
    const victim = recordingClient(baseUrl, newAddress());
    const outsider = recordingClient(baseUrl, newAddress());
    const recording = await victim.start();
    expect((await victim.send(recording.recordingId, recording.recordingSecret, { sequence: 0, events: clicks(2) })).status).toBe(200);

    // The id leaks (a URL, a log): without the secret, or with the secret of a recording of one's own, no batch is taken.
    const own = await outsider.start();
    const forged = { sequence: 1, events: [{ type: 4, timestamp: 1, data: { href: 'http://evil.test/phish' } }] };
    expectRefused(await outsider.send(recording.recordingId, null, forged), 403, RECORDING_ERROR.forbidden);
    expectRefused(await outsider.send(recording.recordingId, own.recordingSecret, forged), 403, RECORDING_ERROR.forbidden);
    expectRefused(await outsider.send(recording.recordingId, 'x'.repeat(43), { ...forged, sequence: 0 }), 403, RECORDING_ERROR.forbidden);

    const stored = await replay(recording.recordingId);
    expect(stored!.recording).toMatchObject({ eventCount: 2, paths: [] });
    expect(stored!.events).toEqual(clicks(2));
  });

  it('cannot be made up by the browser: an id the store did not issue is a 404, and the old route with a sessionId is gone', async () => {
    const client = recordingClient(baseUrl, newAddress());
    const madeUp = randomBytes(16).toString('base64url');
    expectRefused(
      await client.send(madeUp, randomBytes(32).toString('base64url'), { sequence: 0, events: clicks(1) }),
      404,
      RECORDING_ERROR.notFound,
    );
    expect(await replay(madeUp)).toBeNull();
    const old = await fetch(`${baseUrl}/api/v1/recordings/batches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: madeUp, sequence: 0, events: clicks(1) }),
    });
    expect(old.status).toBe(404);
    expect(await replay(madeUp)).toBeNull();
  });
});

describe('one recording', () => {
  it(`holds at most ${PER_RECORDING_EVENTS} events: the batch past it is a 413 RECORDING_FULL, stored in no part`, async () => {
    const client = recordingClient(baseUrl, newAddress());
    const r = await client.start();
    expect((await client.send(r.recordingId, r.recordingSecret, { sequence: 0, events: clicks(15) })).status).toBe(200);
    expectRefused(await client.send(r.recordingId, r.recordingSecret, { sequence: 1, events: clicks(6, 15) }), 413, RECORDING_ERROR.full);
    // What fits still fits; once full, every batch is refused before it is read.
    expect((await client.send(r.recordingId, r.recordingSecret, { sequence: 1, events: clicks(5, 15) })).status).toBe(200);
    expectRefused(await client.send(r.recordingId, r.recordingSecret, { sequence: 2, events: clicks(1, 20) }), 413, RECORDING_ERROR.full);
    const stored = await replay(r.recordingId);
    expect(stored!.recording.eventCount).toBe(PER_RECORDING_EVENTS);
    expect(stored!.events).toEqual(clicks(20));
  });

  it(`holds at most ${PER_RECORDING_BYTES} bytes of events, however few they are`, async () => {
    const client = recordingClient(baseUrl, newAddress());
    const r = await client.start();
    expect((await client.send(r.recordingId, r.recordingSecret, { sequence: 0, events: [bulky(12_000)] })).status).toBe(200);
    expectRefused(
      await client.send(r.recordingId, r.recordingSecret, { sequence: 1, events: [bulky(12_000, 1)] }),
      413,
      RECORDING_ERROR.full,
    );
    expect((await replay(r.recordingId))!.recording.eventCount).toBe(1);
  });

  it('counts concurrent batches one after another: five at once against room for two, exactly two are stored', async () => {
    const client = recordingClient(baseUrl, newAddress());
    const r = await client.start();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((sequence) => client.send(r.recordingId, r.recordingSecret, { sequence, events: clicks(10, sequence * 10) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 413, 413, 413]);
    const stored = await replay(r.recordingId);
    expect(stored!.recording.eventCount).toBe(PER_RECORDING_EVENTS);
    expect(stored!.events).toHaveLength(PER_RECORDING_EVENTS);
  });
});

describe('one address in an hour', () => {
  it(`sends at most ${PER_ADDRESS_EVENTS} events over all its recordings: then 429 with Retry-After, while another address goes on`, async () => {
    const address = newAddress();
    const client = recordingClient(baseUrl, address);
    const recordings = [await client.start(), await client.start(), await client.start()];
    for (const r of recordings.slice(0, 2))
      expect((await client.send(r.recordingId, r.recordingSecret, { sequence: 0, events: clicks(20) })).status).toBe(200);
    const third = recordings[2]!;
    const refused = await client.send(third.recordingId, third.recordingSecret, { sequence: 0, events: clicks(20) });
    expectRefused(refused, 429, RECORDING_ERROR.addressLimited);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing of the refused batch was stored; the next one is refused before it is read.
    expect((await replay(third.recordingId))!.recording.eventCount).toBe(0);
    expectRefused(
      await client.send(third.recordingId, third.recordingSecret, { sequence: 0, events: clicks(1) }),
      429,
      RECORDING_ERROR.addressLimited,
    );

    const neighbour = recordingClient(baseUrl, newAddress());
    const theirs = await neighbour.start();
    expect((await neighbour.send(theirs.recordingId, theirs.recordingSecret, { sequence: 0, events: clicks(20) })).status).toBe(200);
  });

  it(`sends at most ${PER_ADDRESS_BYTES} bytes of events over all its recordings`, async () => {
    const client = recordingClient(baseUrl, newAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.start();
      statuses.push((await client.send(r.recordingId, r.recordingSecret, { sequence: 0, events: [bulky(19_000, i)] })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('text PostgreSQL cannot store', () => {
  // Each of these answered 500: jsonb refuses \u0000 and an unpaired surrogate.
  const cases = [
    ['an unpaired surrogate in a value', '{"text":"\\ud800"}', 'events.3.data.text'],
    ['an escaped NUL in a value', '{"text":"a\\u0000b"}', 'events.3.data.text'],
    ['a NUL in a key', '{"a\\u0000b":1}', 'events.3.data.a\\u0000b'],
    ['a lone low surrogate in a key', '{"x\\udc00":1}', 'events.3.data.x\\udc00'],
  ] as const;
  for (const [what, data, field] of cases) {
    it(`is a 400 naming the field: ${what}`, async () => {
      const client = recordingClient(baseUrl, newAddress());
      const r = await client.start();
      const events = clicks(3).map((e) => JSON.stringify(e));
      const body = `{"sequence":0,"events":[${events.join(',')},{"type":3,"timestamp":1,"data":${data}}]}`;
      const res = await client.send(r.recordingId, r.recordingSecret, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
      expect(res.body.message).toContain(field);
      expect((await replay(r.recordingId))!.recording.eventCount).toBe(0);
    });
  }

  it('takes a surrogate pair, escaped or not (an emoji)', async () => {
    const client = recordingClient(baseUrl, newAddress());
    const r = await client.start();
    const body = `{"sequence":0,"events":[{"type":3,"timestamp":1,"data":{"text":"\\ud83d\\ude00 🐉"}}]}`;
    expect((await client.send(r.recordingId, r.recordingSecret, body)).status).toBe(200);
    expect((await replay(r.recordingId))!.events).toEqual([{ type: 3, timestamp: 1, data: { text: '😀 🐉' } }]);
  });
});

describe('all recordings together', () => {
  /** Recordings of one batch each, of a size known in advance: the compressed size the store will count. */
  const batch = (n: number) => ({ sequence: 0, events: [bulky(4000, n)] });
  const storedSize = (body: object) => {
    const outcome = parseBatchText(JSON.stringify(body));
    if (!outcome.ok) throw new Error(outcome.refusal.message);
    return outcome.batch.storedBytes;
  };

  async function storeWithCap(cap: number, run: (app: TestApp, url: string) => Promise<void>) {
    const app = await buildTestApp({ TRUST_PROXY: ['127.0.0.1'], RECORDING_MAX_TOTAL_BYTES: cap }, { seedDemo: false });
    try {
      const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
      await run(app, url);
    } finally {
      await app.close();
    }
  }

  const totalStored = async (app: TestApp) => {
    const res = await app.database.db.execute(sql`select coalesce(sum(stored_bytes), 0)::int as n from recording_sessions`);
    return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  const ids = async (app: TestApp) => {
    const res = await app.database.db.execute(sql`select id from recording_sessions`);
    return new Set((res as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
  };

  it('stay under the storage cap: past it the least recently written recording is deleted first', async () => {
    const bodies = [0, 1, 2, 3, 4, 5].map(batch);
    const size = Math.max(...bodies.map(storedSize));
    const cap = Math.floor(size * 3.5);
    await storeWithCap(cap, async (app, url) => {
      const client = recordingClient(url, '198.51.100.7');
      const [a, b, c, d] = [await client.start(), await client.start(), await client.start(), await client.start()];
      for (const [r, body] of [
        [a, bodies[0]],
        [b, bodies[1]],
        [c, bodies[2]],
      ] as const) {
        expect((await client.send(r.recordingId, r.recordingSecret, body)).status).toBe(200);
      }
      expect(await ids(app)).toEqual(new Set([a.recordingId, b.recordingId, c.recordingId, d.recordingId]));

      // A fourth recording's batch takes the total past the cap: the oldest, a, goes.
      expect((await client.send(d.recordingId, d.recordingSecret, bodies[3]!)).status).toBe(200);
      expect(await ids(app)).toEqual(new Set([b.recordingId, c.recordingId, d.recordingId]));
      expect(await totalStored(app)).toBeLessThanOrEqual(cap);

      // b is written to again, so c is now the one least recently written: c goes, b stays.
      expect((await client.send(b.recordingId, b.recordingSecret, { ...bodies[4]!, sequence: 1 })).status).toBe(200);
      expect(await ids(app)).toEqual(new Set([b.recordingId, d.recordingId]));
      expect(await totalStored(app)).toBeLessThanOrEqual(cap);
      // The deleted recording's browser hears so, and nothing is stored for it.
      const gone = await client.send(a.recordingId, a.recordingSecret, { ...bodies[5]!, sequence: 1 });
      expectRefused(gone, 404, RECORDING_ERROR.notFound);
      // The background job finds nothing more to do.
      expect(await enforceStorageCap(app.database.db, cap)).toBe(0);
    });
  });

  it('hold the cap when many recordings are written at once, deleting no more than needed', async () => {
    const bodies = Array.from({ length: 10 }, (_, n) => batch(n));
    const size = Math.max(...bodies.map(storedSize));
    const cap = size * 5;
    await storeWithCap(cap, async (app, url) => {
      const client = recordingClient(url, '198.51.100.8');
      const recordings = await Promise.all(bodies.map(() => client.start()));
      const answers = await Promise.all(recordings.map((r, i) => client.send(r.recordingId, r.recordingSecret, bodies[i]!)));
      expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
      const total = await totalStored(app);
      expect(total).toBeLessThanOrEqual(cap);
      expect(total).toBeGreaterThan(cap - size);
      expect((await ids(app)).size).toBe(5);
    });
  });
});
