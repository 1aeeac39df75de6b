// Answers the router gives before any route runs, in the same failure envelope as everything else:
// unknown API paths, malformed percent-encoding, path parameters over Fastify's maxParamLength.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/nope'],
    ['GET', '/api'],
    ['DELETE', '/api/v1/settings'],
  ] as const)('%s %s is a 404 in the envelope', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ success: false, message: `No route ${method} ${url}`, code: 'NOT_FOUND' });
  });
});

describe("the router's own errors", () => {
  it('a malformed percent-encoding is a 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/product/eachProduct/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ success: false, message: 'This address is not a valid URL (bad percent-encoding).', code: 'BAD_URL' });
  });

  it('a path parameter over the maximum length is a 414 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/product/eachProduct/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, message: 'This address is too long.', code: 'URL_TOO_LONG' });
    // At the limit it is an ordinary lookup.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/product/eachProduct/${'a'.repeat(100)}` })).statusCode).toBe(400);
  });

  it('a truncated escape is a bad URL too, on any route', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/cart/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_URL' });
  });
});
