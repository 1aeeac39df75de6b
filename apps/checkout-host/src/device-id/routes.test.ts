// The device-id scripts as a merchant page loads them: JavaScript, readable from any origin, one per variant.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_SCRIPT_PATHS, deviceIdRoutes } from './routes.ts';
import { deviceIdScript } from './script.ts';

const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(deviceIdRoutes);
  await app.ready();
});
afterAll(() => app.close());

describe('GET /device-id/sdk.js and /device-id/sdk-sandbox.js', () => {
  it('serves the prod and sandbox variants as scripts any page may load', async () => {
    for (const variant of ['prod', 'sandbox'] as const) {
      const res = await app.inject({ method: 'GET', url: DEVICE_ID_SCRIPT_PATHS[variant] });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // What each variant does is run in a DOM by script.test.ts.
      expect(res.body).toBe(deviceIdScript(variant));
    }
    expect(DEVICE_ID_SCRIPT_PATHS).toEqual({ prod: '/device-id/sdk.js', sandbox: '/device-id/sdk-sandbox.js' });
  });
});
