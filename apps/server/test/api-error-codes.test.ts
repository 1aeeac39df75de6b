// Each route's error codes (issue 25): listed once (src/api/route-error-codes.ts, beside the codes any route
// may answer), shown by the OpenAPI document as each failure status's `code` enum, and held under test: a
// failure answered with a code its route does not list fails the test file that caused it.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_ROUTE_ERROR_CODES, errorCodesOf } from '../src/api/error-codes.ts';
import { ROUTE_ERROR_CODES } from '../src/api/route-error-codes.ts';
import { AppError } from '../src/lib/errors.ts';
import errorCodeAuditPlugin from '../src/plugins/error-code-audit.ts';
import errorsPlugin from '../src/plugins/errors.ts';
import { buildTestApp, type TestApp } from './support/test-app.ts';

type Operation = {
  responses?: Record<string, { content?: { 'application/json'?: { schema?: { properties?: { code?: { enum?: string[] } } } } } }>;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe("the catalogue of each route's error codes", () => {
  it('names only routes the store has', () => {
    const missing = Object.keys(ROUTE_ERROR_CODES).filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return !t.app.hasRoute({ method: method as 'GET', url });
    });
    expect(missing).toEqual([]);
  });

  it("is what the OpenAPI document shows: each failure status's code enum lists the route's codes and any route's", () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    let checked = 0;
    for (const [route, byStatus] of Object.entries(ROUTE_ERROR_CODES)) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) continue; // a page or a sandbox's route, outside the document
      for (const status of Object.keys(byStatus)) {
        const shown = operation.responses?.[status]?.content?.['application/json']?.schema?.properties?.code?.enum;
        expect(shown, `${route} ${status}`).toEqual(expect.arrayContaining(errorCodesOf(route, Number(status))));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // For example: placing or cancelling an order.
    const checkout = doc.paths['/api/v1/checkout/']!.post!.responses!;
    expect(checkout['409']?.content?.['application/json']?.schema?.properties?.code?.enum).toEqual(['ORDER_STATE', 'PAYMENT_PROCESSING']);
    expect(checkout['400']?.content?.['application/json']?.schema?.properties?.code?.enum).toEqual(
      expect.arrayContaining([...ANY_ROUTE_ERROR_CODES[400]!]),
    );
  });

  it('fails the test file when a route answers a code it does not list, and passes the ones it lists', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(errorCodeAuditPlugin);
    app.post('/api/v1/checkout/', async (request) => {
      const { code } = request.query as { code: 'ORDER_STATE' | 'SOLD_OUT' };
      throw new AppError(409, code, 'refused');
    });
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/v1/checkout/?code=ORDER_STATE' })).statusCode).toBe(409);
    expect(app.undeclaredErrorCodes).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/v1/checkout/?code=SOLD_OUT' })).statusCode).toBe(409);
    expect(app.undeclaredErrorCodes).toEqual(['POST /api/v1/checkout/ answered 409 SOLD_OUT']);
    await app.close();

    // The harness fails the file at close.
    const other = await buildTestApp({}, { seedDemo: false });
    other.app.undeclaredErrorCodes.push('POST /api/v1/checkout/ answered 409 SOLD_OUT');
    await expect(other.close()).rejects.toThrow(/POST \/api\/v1\/checkout\/ answered 409 SOLD_OUT/);
  });
});
