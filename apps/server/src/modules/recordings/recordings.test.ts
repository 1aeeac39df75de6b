// Session recording (issue 12, ADR 028; issue 21, ADR 033): the recording the server issues and the batches
// that carry its secret, the opt-out, the admin console's list, replay and settings, and the retention job.
// The bounds an outsider runs into (another browser's recording, the caps) are in recordings-bounds.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  adminAuditResponse,
  adminRecordingEventsResponse,
  adminRecordingsResponse,
  RECORDING_BATCH_MAX_BYTES,
  RECORDING_RETENTION_DAYS,
  RECORDING_SAMPLE_PERCENT,
  recordingConfigResponse,
} from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sendBatch as sendTo, startRecording, type Recording } from '../../../test/support/recordings.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { deleteExpiredRecordings } from './index.ts';
import { BATCHES_PER_MINUTE } from './routes.ts';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const meta = (href: string, timestamp = Date.now()) => ({ type: 4, timestamp, data: { href, width: 800, height: 600 } });
const click = (timestamp = Date.now()) => ({ type: 3, timestamp, data: { source: 2, type: 2, id: 7, x: 10, y: 20 } });

const start = (who?: Shopper) => startRecording(t.app, who?.token);
const sendBatch = (recording: Recording, payload: object | string, who?: Shopper) =>
  sendTo(t.app, recording, payload, { token: who?.token });
const replay = (id: string) => as(t.app, admin, { method: 'GET', url: `/api/v1/admin/recordings/${id}/events` });

async function listAs(who: Shopper, query: string) {
  const res = await as(t.app, who, { method: 'GET', url: `/api/v1/admin/recordings${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return adminRecordingsResponse.parse(res.json()).data;
}

async function putSettings(payload: unknown, who: Shopper = admin) {
  return as(t.app, who, { method: 'PUT', url: '/api/v1/admin/recordings/settings', payload: payload as object });
}

describe('GET /api/v1/recordings/config', () => {
  it('gives a guest the SPEC §9 sampling (25 %) and the retention until an admin changes them, and no server-side choice', async () => {
    const res = await t.app.inject({ url: '/api/v1/recordings/config' });
    expect(res.statusCode).toBe(200);
    expect(recordingConfigResponse.parse(res.json()).data).toEqual({
      samplePercent: RECORDING_SAMPLE_PERCENT,
      retentionDays: RECORDING_RETENTION_DAYS,
      optedOut: null,
    });
  });
});

describe('admin sessions are not recorded (issue 24)', () => {
  it('samples no admin browser, refuses an admin a recording, and drops an admin’s batches to one begun as a guest', async () => {
    const config = await as(t.app, admin, { method: 'GET', url: '/api/v1/recordings/config' });
    expect(recordingConfigResponse.parse(config.json()).data).toMatchObject({ samplePercent: 0, optedOut: null });
    const refused = await as(t.app, admin, { method: 'POST', url: '/api/v1/recordings' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'RECORDING_NOT_FOR_ADMINS' });

    // A browser that began recording as a guest, then signed in as an admin: nothing it sends is kept.
    const recording = await start();
    const res = await sendBatch(recording, { sequence: 0, events: [meta('http://store.test/admin'), click()] }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ stored: 0 });
    expect(adminRecordingEventsResponse.parse((await replay(recording.recordingId)).json()).data.events).toEqual([]);
  });
});

describe('POST /api/v1/recordings', () => {
  it('issues a guest a recording: a random id and a secret, which the store keeps only as a hash', async () => {
    const first = await start();
    const second = await start();
    expect(first.recordingId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.recordingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.recordingId).not.toBe(first.recordingId);
    const rows = await t.database.db.execute(sql`select * from recording_sessions where id = ${first.recordingId}`);
    const stored = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
    expect(stored).not.toContain(first.recordingSecret);
    // Nothing recorded yet: the console does not list it.
    expect((await listAs(admin, '?limit=100')).recordings.map((r) => r.id)).not.toContain(first.recordingId);
  });
});

describe('POST /api/v1/recordings/{recordingId}/batches', () => {
  it("stores a shopper's session: who, pages, the order it visited, the browser; a batch sent twice counts once", async () => {
    const shopper = await createShopper(t.database.db);
    const recording = await start(shopper);
    const first = {
      sequence: 0,
      events: [meta('http://store.test/add-card/ord_123'), click()],
    };
    const res = await sendBatch(recording, first, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { stored: 2 } });
    // A retry of the same batch (its answer was lost) is stored once.
    expect((await sendBatch(recording, first, shopper)).json()).toEqual({ success: true, data: { stored: 0 } });
    const navigation = {
      type: 5,
      timestamp: Date.now(),
      data: { tag: 'navigation', payload: { href: 'http://store.test/payment-success?orderId=ord_456' } },
    };
    expect((await sendBatch(recording, { sequence: 1, events: [navigation, click()] }, shopper)).statusCode).toBe(200);

    const { recordings } = await listAs(admin, `?userId=${shopper.id}`);
    expect(recordings).toHaveLength(1);
    expect(recordings[0]).toMatchObject({
      id: recording.recordingId,
      userId: shopper.id,
      userEmail: shopper.email,
      paths: ['/add-card/ord_123', '/payment-success'],
      orderIds: ['ord_123', 'ord_456'],
      eventCount: 4,
    });
    expect((await listAs(admin, '?orderId=ord_456')).recordings.map((r) => r.id)).toEqual([recording.recordingId]);

    const res2 = await replay(recording.recordingId);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.headers['content-type']).toMatch(/^application\/json/);
    const { events } = adminRecordingEventsResponse.parse(res2.json()).data;
    expect(events.map((e) => e.type)).toEqual([4, 3, 5, 3]);
    expect(events[0]).toMatchObject({ data: { href: 'http://store.test/add-card/ord_123', width: 800 } });
  });

  it("records a guest's session too, and the live chat conversation it names", async () => {
    const recording = await start();
    const res = await sendBatch(recording, { sequence: 0, events: [meta('http://store.test/products')], chatId: 'conv_42' });
    expect(res.statusCode, res.body).toBe(200);
    const { recordings } = await listAs(admin, '?chatId=conv_42');
    expect(recordings).toMatchObject([{ id: recording.recordingId, userId: null, chatId: 'conv_42', paths: ['/products'] }]);
  });

  it('refuses more than 1000 events in a batch with a 400 naming events, storing nothing', async () => {
    const recording = await start();
    const events = Array.from({ length: 1001 }, () => click());
    const res = await sendBatch(recording, { sequence: 0, events });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'events' });
    expect(res.json().message).toMatch(/1000/);
    const { recording: stored, events: kept } = adminRecordingEventsResponse.parse((await replay(recording.recordingId)).json()).data;
    expect(stored.eventCount).toBe(0);
    expect(kept).toEqual([]);
  });

  it('refuses a body over 512 KB with a 413 that says it is too large', async () => {
    const big = 'x'.repeat(RECORDING_BATCH_MAX_BYTES);
    const res = await sendBatch(await start(), { sequence: 0, events: [{ type: 2, timestamp: 1, data: { big } }] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(/too large/i);
  });

  it('refuses a bad recording id, a missing event time, an unknown field (a browser-chosen sessionId too), each by name', async () => {
    const recording = await start();
    const bad = async (res: Awaited<ReturnType<typeof sendBatch>>, field: string) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field });
    };
    await bad(await sendBatch({ ...recording, recordingId: 'short' }, { sequence: 0, events: [click()] }), 'recordingId');
    await bad(await sendBatch(recording, { sequence: 0, events: [{ type: 3 }] }), 'events.0.timestamp');
    await bad(await sendBatch(recording, { sequence: 0, events: [click()], extra: 1 }), 'extra');
    await bad(await sendBatch(recording, { sessionId: randomBytes(16).toString('hex'), sequence: 0, events: [click()] }), 'sessionId');
    await bad(await sendBatch(recording, { sequence: -1, events: [click()] }), 'sequence');
    await bad(await sendBatch(recording, '{"sequence":0,'), 'body');
    const withQuery = await t.app.inject({
      method: 'POST',
      url: `/api/v1/recordings/${recording.recordingId}/batches?foo=1`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ sequence: 0, events: [click()] }),
    });
    await bad(withQuery, 'foo');
  });

  it('takes a page snapshot nested as deep as real markup, and refuses a pathological depth', async () => {
    type Node = { type: number; tagName: string; childNodes: Node[] };
    let node: Node = { type: 2, tagName: 'div', childNodes: [] };
    for (let i = 0; i < 60; i++) node = { type: 2, tagName: 'div', childNodes: [node] };
    const snapshot = { type: 2, timestamp: Date.now(), data: { node, initialOffset: { top: 0, left: 0 } } };
    const recording = await start();
    const ok = await sendBatch(recording, { sequence: 0, events: [snapshot] });
    expect(ok.statusCode, ok.body).toBe(200);
    const { events } = adminRecordingEventsResponse.parse((await replay(recording.recordingId)).json()).data;
    expect(events).toEqual([snapshot]);

    const deep = `{"sequence":1,"events":[{"type":2,"timestamp":1,"data":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    const res = await sendBatch(recording, deep);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_DEEP', field: 'events' });
  });

  it('limits batches per address: a client sending too fast gets 429, before its body is looked at', async () => {
    const app = await buildTestApp({}, { seedDemo: false });
    try {
      // Refused batches count too (the limit runs when the request arrives), and cost no database work.
      const statuses: number[] = [];
      for (let i = 0; i <= BATCHES_PER_MINUTE; i++) {
        const res = await app.app.inject({ method: 'POST', url: '/api/v1/recordings/short/batches', payload: {} });
        statuses.push(res.statusCode);
      }
      expect(new Set(statuses.slice(0, BATCHES_PER_MINUTE))).toEqual(new Set([400]));
      expect(statuses[BATCHES_PER_MINUTE]).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('the admin replay of batches stored before issue 21 (jsonb, no secret)', () => {
  it('still plays them, in order, and no new batch is taken for such a session', async () => {
    const id = randomBytes(16).toString('base64url');
    const db = t.database.db;
    await db.execute(
      sql`insert into recording_sessions (id, started_at, ended_at, event_count, paths) values (${id}, now(), now(), 3, '{/old}')`,
    );
    await db.execute(sql`insert into recording_batches (session_id, sequence, events) values
      (${id}, 1, ${JSON.stringify([click(2)])}::jsonb), (${id}, 0, ${JSON.stringify([meta('http://store.test/old', 1), click(1)])}::jsonb)`);
    const res = await replay(id);
    expect(res.statusCode, res.body).toBe(200);
    const { events } = adminRecordingEventsResponse.parse(res.json()).data;
    expect(events.map((e) => [e.type, e.timestamp])).toEqual([
      [4, 1],
      [3, 1],
      [3, 2],
    ]);
    const refused = await sendBatch(
      { recordingId: id, recordingSecret: randomBytes(32).toString('base64url') },
      { sequence: 2, events: [click()] },
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('opting out (PUT /api/v1/recordings/opt-out)', () => {
  it("holds on the server: the config says so and the shopper's batches are not stored, until opted back in", async () => {
    const shopper = await createShopper(t.database.db);
    const optOut = (optedOut: boolean) => as(t.app, shopper, { method: 'PUT', url: '/api/v1/recordings/opt-out', payload: { optedOut } });
    expect((await optOut(true)).json()).toEqual({ success: true, data: { optedOut: true } });
    const config = await as(t.app, shopper, { method: 'GET', url: '/api/v1/recordings/config' });
    expect(recordingConfigResponse.parse(config.json()).data.optedOut).toBe(true);

    const refused = await sendBatch(await start(shopper), { sequence: 0, events: [click()] }, shopper);
    expect(refused.json()).toEqual({ success: true, data: { stored: 0 } });
    expect((await listAs(admin, `?userId=${shopper.id}`)).recordings).toEqual([]);

    await optOut(false);
    const stored = await sendBatch(await start(shopper), { sequence: 0, events: [click()] }, shopper);
    expect(stored.json()).toEqual({ success: true, data: { stored: 1 } });
  });

  it('needs a session (a guest opts out on the browser only)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/recordings/opt-out', payload: { optedOut: true } });
    expect(res.statusCode).toBe(401);
  });
});

describe('the admin routes', () => {
  it('refuse a guest (401) and a shopper (403): a shopper cannot read recordings', async () => {
    const shopper = await createShopper(t.database.db);
    const recording = await start(shopper);
    const sessionId = recording.recordingId;
    await sendBatch(recording, { sequence: 0, events: [click()] }, shopper);
    const routes = [
      { method: 'GET' as const, url: `/api/v1/admin/recordings?userId=${shopper.id}` },
      { method: 'GET' as const, url: `/api/v1/admin/recordings/${sessionId}/events` },
      { method: 'PUT' as const, url: '/api/v1/admin/recordings/settings', payload: { samplePercent: 100, retentionDays: 1 } },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode).toBe(401);
      const res = await as(t.app, shopper, route);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(sessionId);
    }
  });

  it('answer 404 for a session that does not exist', async () => {
    const res = await replay(randomBytes(16).toString('base64url'));
    expect(res.statusCode).toBe(404);
  });

  it('page the list: limit and hasMore', async () => {
    const shopper = await createShopper(t.database.db);
    for (let i = 0; i < 3; i++) await sendBatch(await start(shopper), { sequence: 0, events: [click()] }, shopper);
    const first = await listAs(admin, `?userId=${shopper.id}&limit=2`);
    expect(first.recordings).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await listAs(admin, `?userId=${shopper.id}&limit=2&page=2`);
    expect(second.recordings).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });
});

describe('PUT /api/v1/admin/recordings/settings', () => {
  it('changes the sampling and retention the browser reads, and writes the audit log', async () => {
    const res = await putSettings({ samplePercent: 100, retentionDays: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { samplePercent: 100, retentionDays: 7 } });
    const config = recordingConfigResponse.parse((await t.app.inject({ url: '/api/v1/recordings/config' })).json()).data;
    expect(config).toMatchObject({ samplePercent: 100, retentionDays: 7 });

    const audit = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?action=recordings.settings' });
    const { entries } = adminAuditResponse.parse(audit.json()).data;
    expect(entries[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'settings',
      targetId: 'recordings',
      before: { samplePercent: RECORDING_SAMPLE_PERCENT, retentionDays: RECORDING_RETENTION_DAYS },
      after: { samplePercent: 100, retentionDays: 7 },
    });
    await putSettings({ samplePercent: RECORDING_SAMPLE_PERCENT, retentionDays: RECORDING_RETENTION_DAYS });
  });

  it('refuses a share over 100 % or a retention of 0 or over 365 days, by name, changing nothing', async () => {
    for (const [payload, field] of [
      [{ samplePercent: 101, retentionDays: 30 }, 'samplePercent'],
      [{ samplePercent: -1, retentionDays: 30 }, 'samplePercent'],
      [{ samplePercent: 50, retentionDays: 0 }, 'retentionDays'],
      [{ samplePercent: 50, retentionDays: 366 }, 'retentionDays'],
      [{ samplePercent: 12.5, retentionDays: 30 }, 'samplePercent'],
    ] as const) {
      const res = await putSettings(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field });
    }
    const config = recordingConfigResponse.parse((await t.app.inject({ url: '/api/v1/recordings/config' })).json()).data;
    expect(config).toMatchObject({ samplePercent: RECORDING_SAMPLE_PERCENT, retentionDays: RECORDING_RETENTION_DAYS });
  });
});

describe('the retention job', () => {
  it('deletes sessions whose last batch is older than the retention, with their events, and keeps the others', async () => {
    const old = await start();
    const fresh = await start();
    await sendBatch(old, { sequence: 0, events: [click()] });
    await sendBatch(fresh, { sequence: 0, events: [click()] });
    const db = t.database.db;
    await db.execute(
      sql`update recording_sessions set last_batch_at = now() - make_interval(days => ${RECORDING_RETENTION_DAYS + 1}) where id = ${old.recordingId}`,
    );
    expect(await deleteExpiredRecordings(db)).toBeGreaterThanOrEqual(1);
    expect((await replay(old.recordingId)).statusCode).toBe(404);
    expect((await replay(fresh.recordingId)).statusCode).toBe(200);
    const leftBatches = await db.execute(sql`select count(*)::int as n from recording_batches where session_id = ${old.recordingId}`);
    expect((leftBatches as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0).toBe(0);
  });

  it('deletes a recording issued a day ago that never got a batch, and keeps a younger one', async () => {
    const abandoned = await start();
    const young = await start();
    await t.database.db.execute(
      sql`update recording_sessions set created_at = now() - interval '25 hours' where id = ${abandoned.recordingId}`,
    );
    await deleteExpiredRecordings(t.database.db);
    expect((await replay(abandoned.recordingId)).statusCode).toBe(404);
    expect((await replay(young.recordingId)).statusCode).toBe(200);
  });
});
