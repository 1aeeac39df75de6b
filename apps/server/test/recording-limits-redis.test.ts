// Two instances sharing one Redis count one address's recording together (ADR 033: the hourly limits go
// through the attempt counters). This file needs REDIS_URL; vitest.config.ts leaves it out of runs where
// REDIS_URL is unset.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_ERROR, RECORDING_SECRET_HEADER, recordingStartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from './support/test-app.ts';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) {
  throw new Error(
    'recording-limits-redis.test.ts needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379) to share counters between two instances.',
  );
}

describe('hourly recording limits shared through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = { RECORDING_MAX_EVENTS_PER_ADDRESS_PER_HOUR: 50, REDIS_URL, TRUST_PROXY: ['127.0.0.1'] };
    a = await buildTestApp(config, { seedDemo: false });
    b = await buildTestApp(config, { seedDemo: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("counts one address's events on every instance", async () => {
    // Counters outlive the run by an hour: a fresh address each time.
    const headers = { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
    const send = async (t: TestApp) => {
      const started = await t.app.inject({ method: 'POST', url: '/api/v1/recordings', headers });
      const { recordingId, recordingSecret } = recordingStartResponse.parse(started.json()).data;
      const events = Array.from({ length: 20 }, (_, i) => ({ type: 3, timestamp: i, data: { x: i } }));
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/recordings/${recordingId}/batches`,
        headers: { ...headers, 'content-type': 'application/json', [RECORDING_SECRET_HEADER]: recordingSecret },
        payload: JSON.stringify({ sequence: 0, events }),
      });
    };
    expect((await send(a)).statusCode).toBe(200);
    expect((await send(b)).statusCode).toBe(200);
    const third = await send(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, code: RECORDING_ERROR.addressLimited });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
