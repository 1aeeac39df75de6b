// Session recording (issue 12, ADR 028): the browser's batches, the opt-out, the admin console's list,
// replay and settings, and the retention job.
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

const newSessionId = () => randomBytes(16).toString('base64url');
const meta = (href: string, timestamp = Date.now()) => ({ type: 4, timestamp, data: { href, width: 800, height: 600 } });
const click = (timestamp = Date.now()) => ({ type: 3, timestamp, data: { source: 2, type: 2, id: 7, x: 10, y: 20 } });

function sendBatch(payload: unknown, who?: Shopper) {
  const opts = { method: 'POST' as const, url: '/api/v1/recordings/batches', payload: payload as object };
  return who ? as(t.app, who, opts) : t.app.inject(opts);
}

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

describe('POST /api/v1/recordings/batches', () => {
  it("stores a shopper's session: who, pages, the order it visited, the browser; a batch sent twice counts once", async () => {
    const shopper = await createShopper(t.database.db);
    const sessionId = newSessionId();
    const first = {
      sessionId,
      sequence: 0,
      events: [meta('http://store.test/add-card/ord_123'), click()],
    };
    const res = await sendBatch(first, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { stored: 2 } });
    // A retry of the same batch (its answer was lost) is stored once.
    expect((await sendBatch(first, shopper)).json()).toEqual({ success: true, data: { stored: 0 } });
    const navigation = {
      type: 5,
      timestamp: Date.now(),
      data: { tag: 'navigation', payload: { href: 'http://store.test/payment-success?orderId=ord_456' } },
    };
    expect((await sendBatch({ sessionId, sequence: 1, events: [navigation, click()] }, shopper)).statusCode).toBe(200);

    const { recordings } = await listAs(admin, `?userId=${shopper.id}`);
    expect(recordings).toHaveLength(1);
    expect(recordings[0]).toMatchObject({
      id: sessionId,
      userId: shopper.id,
      userEmail: shopper.email,
      paths: ['/add-card/ord_123', '/payment-success'],
      orderIds: ['ord_123', 'ord_456'],
      eventCount: 4,
    });
    expect((await listAs(admin, '?orderId=ord_456')).recordings.map((r) => r.id)).toEqual([sessionId]);

    const replay = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/recordings/${sessionId}/events` });
    expect(replay.statusCode, replay.body).toBe(200);
    const { events } = adminRecordingEventsResponse.parse(replay.json()).data;
    expect(events.map((e) => e.type)).toEqual([4, 3, 5, 3]);
    expect(events[0]).toMatchObject({ data: { href: 'http://store.test/add-card/ord_123', width: 800 } });
  });

  it("records a guest's session too, and the live chat conversation it names", async () => {
    const sessionId = newSessionId();
    const res = await sendBatch({ sessionId, sequence: 0, events: [meta('http://store.test/products')], chatId: 'conv_42' });
    expect(res.statusCode, res.body).toBe(200);
    const { recordings } = await listAs(admin, '?chatId=conv_42');
    expect(recordings).toMatchObject([{ id: sessionId, userId: null, chatId: 'conv_42', paths: ['/products'] }]);
  });

  it('refuses more than 1000 events in a batch with a 400 naming events, storing nothing', async () => {
    const sessionId = newSessionId();
    const events = Array.from({ length: 1001 }, () => click());
    const res = await sendBatch({ sessionId, sequence: 0, events });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'events' });
    expect(res.json().message).toMatch(/1000/);
    expect((await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/recordings/${sessionId}/events` })).statusCode).toBe(404);
  });

  it('refuses a body over 512 KB with a 413 that says it is too large', async () => {
    const big = 'x'.repeat(RECORDING_BATCH_MAX_BYTES);
    const res = await sendBatch({ sessionId: newSessionId(), sequence: 0, events: [{ type: 2, timestamp: 1, data: { big } }] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(/too large/i);
  });

  it('refuses a bad session id, a missing event time and an unknown field, each by name', async () => {
    const bad = async (payload: object, field: string) => {
      const res = await sendBatch(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field });
    };
    await bad({ sessionId: 'short', sequence: 0, events: [click()] }, 'sessionId');
    await bad({ sessionId: newSessionId(), sequence: 0, events: [{ type: 3 }] }, 'events.0.timestamp');
    await bad({ sessionId: newSessionId(), sequence: 0, events: [click()], extra: 1 }, 'extra');
    await bad({ sessionId: newSessionId(), sequence: -1, events: [click()] }, 'sequence');
  });

  it('takes a page snapshot nested as deep as real markup, and refuses a pathological depth', async () => {
    type Node = { type: number; tagName: string; childNodes: Node[] };
    let node: Node = { type: 2, tagName: 'div', childNodes: [] };
    for (let i = 0; i < 60; i++) node = { type: 2, tagName: 'div', childNodes: [node] };
    const snapshot = { type: 2, timestamp: Date.now(), data: { node, initialOffset: { top: 0, left: 0 } } };
    const ok = await sendBatch({ sessionId: newSessionId(), sequence: 0, events: [snapshot] });
    expect(ok.statusCode, ok.body).toBe(200);

    const deep = `{"sessionId":"${newSessionId()}","sequence":0,"events":[{"type":2,"timestamp":1,"data":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recordings/batches',
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BODY_TOO_DEEP', field: 'events' });
  });

  it('limits batches per address: a client sending too fast gets 429, before its body is looked at', async () => {
    const app = await buildTestApp({}, { seedDemo: false });
    try {
      // Refused batches count too (the limit runs when the request arrives), and cost no database work.
      const statuses: number[] = [];
      for (let i = 0; i <= BATCHES_PER_MINUTE; i++) {
        const res = await app.app.inject({ method: 'POST', url: '/api/v1/recordings/batches', payload: { sessionId: 'short' } });
        statuses.push(res.statusCode);
      }
      expect(new Set(statuses.slice(0, BATCHES_PER_MINUTE))).toEqual(new Set([400]));
      expect(statuses[BATCHES_PER_MINUTE]).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('opting out (PUT /api/v1/recordings/opt-out)', () => {
  it("holds on the server: the config says so and the shopper's batches are not stored, until opted back in", async () => {
    const shopper = await createShopper(t.database.db);
    const optOut = (optedOut: boolean) => as(t.app, shopper, { method: 'PUT', url: '/api/v1/recordings/opt-out', payload: { optedOut } });
    expect((await optOut(true)).json()).toEqual({ success: true, data: { optedOut: true } });
    const config = await as(t.app, shopper, { method: 'GET', url: '/api/v1/recordings/config' });
    expect(recordingConfigResponse.parse(config.json()).data.optedOut).toBe(true);

    const refused = await sendBatch({ sessionId: newSessionId(), sequence: 0, events: [click()] }, shopper);
    expect(refused.json()).toEqual({ success: true, data: { stored: 0 } });
    expect((await listAs(admin, `?userId=${shopper.id}`)).recordings).toEqual([]);

    await optOut(false);
    const stored = await sendBatch({ sessionId: newSessionId(), sequence: 0, events: [click()] }, shopper);
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
    const sessionId = newSessionId();
    await sendBatch({ sessionId, sequence: 0, events: [click()] }, shopper);
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
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/recordings/${newSessionId()}/events` });
    expect(res.statusCode).toBe(404);
  });

  it('page the list: limit and hasMore', async () => {
    const shopper = await createShopper(t.database.db);
    for (let i = 0; i < 3; i++) await sendBatch({ sessionId: newSessionId(), sequence: 0, events: [click()] }, shopper);
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
    const oldId = newSessionId();
    const freshId = newSessionId();
    await sendBatch({ sessionId: oldId, sequence: 0, events: [click()] });
    await sendBatch({ sessionId: freshId, sequence: 0, events: [click()] });
    const db = t.database.db;
    await db.execute(
      sql`update recording_sessions set last_batch_at = now() - make_interval(days => ${RECORDING_RETENTION_DAYS + 1}) where id = ${oldId}`,
    );
    expect(await deleteExpiredRecordings(db)).toBeGreaterThanOrEqual(1);
    const events = (id: string) => as(t.app, admin, { method: 'GET', url: `/api/v1/admin/recordings/${id}/events` });
    expect((await events(oldId)).statusCode).toBe(404);
    expect((await events(freshId)).statusCode).toBe(200);
    const leftBatches = await db.execute(sql`select count(*)::int as n from recording_batches where session_id = ${oldId}`);
    expect((leftBatches as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0).toBe(0);
  });
});
