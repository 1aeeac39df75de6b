// Issue 7, "one request stalls everyone": a 64 KB JSON body nested tens of thousands of levels deep, sent
// without a session, held the event loop for seconds because the input guard's walk cost the square of
// the depth. Now every check of a body is linear in its size, too deep a body is a 400 before it is
// parsed, and routes that take a body without a session are limited per address before the body is read.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { MAX_JSON_NESTING, scanJsonNesting } from '../src/lib/json-nesting.ts';
import { findBadText, TOO_DEEP_MESSAGE, type WalkStats } from '../src/plugins/input-guard.ts';
import { PUBLIC_RATE_LIMITED_MESSAGE } from '../src/plugins/rate-limit.ts';
import { as, createShopper, STARTER_POUCH } from './support/checkout.ts';

/** The attack: brackets nested as deep as the 64 KB body limit allows. */
const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const ATTACK_BODIES = { arrays: deepArrays(32_000), objects: deepObjects(10_000) };

const TOO_DEEP = { success: false, message: TOO_DEEP_MESSAGE, code: 'BODY_TOO_DEEP', field: 'body' };

describe('the nesting scan', () => {
  it.each(Object.entries(ATTACK_BODIES))('refuses %s nested past the limit, reading no more than the text', (_shape, body) => {
    expect(body.length).toBeLessThanOrEqual(64 * 1024);
    const scan = scanJsonNesting(body);
    expect(scan.tooDeep).toBe(true);
    expect(scan.examined).toBeLessThanOrEqual(body.length);
  });

  it('accepts a body at the limit and reads it once', () => {
    const body = deepArrays(MAX_JSON_NESTING);
    expect(scanJsonNesting(body)).toEqual({ tooDeep: false, examined: body.length });
    expect(scanJsonNesting(deepArrays(MAX_JSON_NESTING + 1)).tooDeep).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const body = JSON.stringify({ note: '['.repeat(5_000) + '"' + '{'.repeat(5_000), items: [{ a: [1] }] });
    expect(scanJsonNesting(body)).toEqual({ tooDeep: false, examined: body.length });
  });
});

describe('the NUL walk', () => {
  /** A legal body as wide and deep as the limit allows: every level an object with an array of strings. */
  function wideAndDeep(levels: number): unknown {
    let value: unknown = { leaf: 'end' };
    for (let i = 0; i < levels; i++) value = { [`k${i}`]: value, list: Array.from({ length: 40 }, (_, j) => `v${j}`) };
    return value;
  }

  it('looks at each value once: the work stays within twice the JSON text', () => {
    const body = wideAndDeep(MAX_JSON_NESTING / 2 - 1);
    const stats: WalkStats = { examined: 0 };
    expect(findBadText(body, stats)).toBeNull();
    expect(stats.examined).toBeLessThanOrEqual(2 * JSON.stringify(body).length);
  });

  it('still names the full path of a NUL at the deepest level', () => {
    let body: unknown = { name: 'x\u0000' };
    for (let i = MAX_JSON_NESTING - 2; i >= 0; i--) body = { [`k${i}`]: [body] };
    const { path } = findBadText(body)!;
    expect(path.at(-1)).toBe('name');
    expect(path.slice(0, 4)).toEqual(['k0', '0', 'k1', '0']);
  });
});

describe('too deep a body, on every route that takes one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const publicRoutes = [
    '/api/v1/auth/login',
    '/api/v1/auth/signup',
    '/api/v1/auth/verify-email',
    '/api/v1/auth/resend-email',
    '/api/v1/auth/forgot-password',
    '/api/v1/auth/reset-password',
    '/api/v1/auth/test-login',
    '/api/v1/nuvei/notify',
  ];

  it.each(publicRoutes)('%s answers 400 BODY_TOO_DEEP without a session', async (url) => {
    for (const body of Object.values(ATTACK_BODIES)) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual(TOO_DEEP);
    }
  });

  it('a signed-in route answers the same', async () => {
    const shopper = await createShopper(t.app.db);
    const res = await as(t.app, shopper, {
      method: 'POST',
      url: '/api/v1/cart',
      headers: { 'content-type': 'application/json' },
      payload: ATTACK_BODIES.arrays,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
  });

  it('a body at the limit still reaches validation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: deepArrays(MAX_JSON_NESTING),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('while ten attack bodies arrive at once', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('every one is refused and another visitor is served', async () => {
    const attacks = Array.from({ length: 10 }, (_, i) =>
      fetch(`${base}/api/v1/auth/${i % 2 ? 'login' : 'signup'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: ATTACK_BODIES.arrays,
      }),
    );
    const visitor = fetch(`${base}/api/v1/admin/product`);
    const answers = await Promise.all(attacks);
    for (const res of answers) expect(res.status).toBe(400);
    expect((await visitor).status).toBe(200);
  });
});

describe('the per-address limit comes before the body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_RATE_LIMIT_MAX: 3 });
  });
  afterAll(() => t.close());

  const attack = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: ATTACK_BODIES.arrays,
    });

  it('the fourth body from one address is refused unread; another address is not', async () => {
    for (let i = 0; i < 3; i++) expect((await attack('198.51.100.7')).json().code).toBe('BODY_TOO_DEEP');
    const limited = await attack('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: PUBLIC_RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attack('198.51.100.8')).json().code).toBe('BODY_TOO_DEEP');
  });

  it('counts each route on its own, and leaves routes that need a session alone', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < 3; i++) await attack(address);
    expect((await attack(address)).statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: address,
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(login.statusCode).toBe(401);
    const shopper = await createShopper(t.app.db);
    for (let i = 0; i < 5; i++) {
      const res = await as(t.app, shopper, { method: 'GET', url: '/api/v1/cart', remoteAddress: address });
      expect(res.statusCode).toBe(200);
    }
  });

  it('leaves a signed-in route that takes a body to its session check, however often it is called', async () => {
    const address = '198.51.100.10';
    const shopper = await createShopper(t.app.db);
    for (let i = 0; i < 5; i++) {
      const res = await as(t.app, shopper, {
        method: 'POST',
        url: '/api/v1/cart',
        remoteAddress: address,
        payload: { itemId: STARTER_POUCH, quantity: 1 },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
