// A NUL (U+0000) or a lone surrogate (an unpaired \ud800-\udfff, which JSON lets a client write) in any
// string a route takes is a 400 naming the field, on EVERY route: PostgreSQL can store neither (text
// refuses the NUL, jsonb both), so without the guard they were 500s (issue 21). The routes and their
// string fields come from the API's own OpenAPI document, so a route added tomorrow is walked too;
// the routes that read their body as raw JSON text (webhooks, signed credits) get a raw body each.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';
import { as, createShopper, type Shopper } from './support/checkout.ts';
import { createAdmin } from './support/cashout.ts';

let t: TestApp;
let shopper: Shopper;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: 10_000, AUTH_IP_RATE_LIMIT_MAX: 10_000, PUBLIC_RATE_LIMIT_MAX: 10_000 });
  shopper = await createShopper(t.database.db);
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const takesString = (schema: JsonSchema | undefined): boolean =>
  !!schema &&
  (schema.type === 'string' ||
    (Array.isArray(schema.type) && schema.type.includes('string')) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(takesString));

/** The paths of every string field in a body schema ("address.street"), nested objects included. */
function stringFields(schema: JsonSchema | undefined, prefix: string[] = []): string[][] {
  if (!schema || prefix.length > 6) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const here = Object.entries(schema.properties ?? {}).flatMap(([key, property]) =>
    takesString(property) ? [[...prefix, key]] : stringFields(property, [...prefix, key]),
  );
  return [...here, ...alternatives.flatMap((alternative) => stringFields(alternative, prefix))];
}

const nested = (path: string[], value: unknown): unknown => path.reduceRight((inner, key) => ({ [key]: inner }), value);

/** The two kinds of text PostgreSQL refuses, as a JS string and as a URL's percent-encoding of it. */
const BAD = [
  { kind: 'NUL', text: 'a\u0000b', url: 'a%00b', problem: 'must not contain a NUL character' },
  { kind: 'lone surrogate', text: 'a\ud800b', url: null, problem: 'must not contain an unpaired surrogate' },
] as const;

interface Case {
  name: string;
  request: InjectOptions;
  field: string;
  problem: string;
}

/** A harmless value for a path parameter that is not the one under test. */
const FILLER = 'x1234';

/** Routes whose body is not JSON: its string bodies take text (a lone surrogate cannot be sent as UTF-8). */
const TEXT_BODY: Record<string, string> = { 'POST /api/v1/admin/catalog/gift-cards/{id}/codes': 'text/csv' };

function casesOf(path: string, method: string, operation: Operation): Case[] {
  const route = `${method.toUpperCase()} ${path}`;
  const params = operation.parameters ?? [];
  const urlWith = (name: string | null, encoded: string) => {
    let url = path;
    for (const p of params.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, p.name === name ? encoded : FILLER);
    return url;
  };
  const base = { method: method.toUpperCase() as InjectOptions['method'] };
  const cases: Case[] = [];
  for (const bad of BAD) {
    for (const p of params.filter((p) => takesString(p.schema))) {
      if (bad.url === null) continue; // A URL carries UTF-8: a lone surrogate cannot be written in one.
      const url = p.in === 'path' ? urlWith(p.name, bad.url) : `${urlWith(null, '')}?${p.name}=${bad.url}`;
      const where = p.in === 'path' ? 'params' : 'querystring';
      cases.push({ name: `${route} ${where} ${p.name}: ${bad.kind}`, request: { ...base, url }, field: p.name, problem: bad.problem });
    }
    const url = urlWith(null, '');
    const content = operation.requestBody?.content ?? {};
    const schema = content['application/json']?.schema;
    if (schema?.type === 'string' && TEXT_BODY[route] && bad.kind === 'NUL') {
      const request = { ...base, url, payload: `code\n${bad.text}`, headers: { 'content-type': TEXT_BODY[route] } };
      cases.push({ name: `${route} text body: ${bad.kind}`, request, field: 'body', problem: bad.problem });
    }
    for (const field of stringFields(schema)) {
      const request = { ...base, url, payload: nested(field, bad.text) as Record<string, unknown> };
      cases.push({ name: `${route} body ${field.join('.')}: ${bad.kind}`, request, field: field.join('.'), problem: bad.problem });
    }
    if (!operation.requestBody && method === 'post') {
      // A provider's notification, a signed credit, a recording batch: the body as raw JSON text, the bad
      // character written as JSON writes it (an escape), nested and in a key too.
      const escaped = JSON.stringify({ event: { note: bad.text } });
      const inKey = JSON.stringify({ [`k${bad.text}`]: 1 });
      const json = { 'content-type': 'application/json' };
      cases.push(
        {
          name: `${route} raw JSON: ${bad.kind}`,
          request: { ...base, url, payload: escaped, headers: json },
          field: 'event.note',
          problem: bad.problem,
        },
        {
          name: `${route} raw JSON key: ${bad.kind}`,
          request: { ...base, url, payload: inKey, headers: json },
          field: bad.kind === 'NUL' ? 'ka\\u0000b' : 'ka\\ud800b',
          problem: bad.problem,
        },
      );
    }
  }
  return cases;
}

function allCases(): Case[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => casesOf(path, method, operation)),
  );
}

/** Who asks: an admin for the console's routes, a shopper for every other (guests reach public routes either way). */
const send = (c: Case) => as(t.app, c.request.url!.toString().startsWith('/api/v1/admin/') ? admin : shopper, c.request);

/**
 * Routes that refuse these callers before reading any input, with their own answer (never a 500): the
 * shopper's cash-out calls are role USER (the caller here is a shopper, so none today).
 */
const REFUSED_FIRST: Record<string, number> = {};

describe('NUL and lone surrogates on every route of the OpenAPI document', () => {
  it('walks every route, and the walk covers the raw-body routes and nested fields', () => {
    const names = allCases().map((c) => c.name);
    expect(names.length).toBeGreaterThan(200);
    for (const expected of [
      'PUT /api/v1/user/profile body firstname: lone surrogate',
      'PUT /api/v1/user/profile body address.street: lone surrogate',
      'POST /api/v1/payment/stripe/webhook raw JSON: lone surrogate',
      'POST /api/v1/payment/square/webhook raw JSON: NUL',
      'POST /api/v1/payment/coinflow/webhook raw JSON: lone surrogate',
      'POST /api/v1/third-party/distributors/{distributor}/credits raw JSON: lone surrogate',
      'POST /api/v1/kyc/jumio/callback raw JSON key: lone surrogate',
      'POST /api/v1/nuvei/notify raw JSON: NUL',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('answers each with a 400 naming the field (or the route refuses first), never a 500', async () => {
    const wrong: string[] = [];
    for (const c of allCases()) {
      const res = await send(c);
      const refusedFirst = Object.entries(REFUSED_FIRST).find(([prefix]) => c.name.startsWith(prefix));
      if (refusedFirst) {
        if (res.statusCode !== refusedFirst[1]) wrong.push(`${c.name}: ${res.statusCode} ${res.body}`);
        continue;
      }
      const body = res.json() as { code?: string; field?: string; message?: string };
      const ok = res.statusCode === 400 && body.code === 'VALIDATION_FAILED' && body.field === c.field && body.message?.includes(c.problem);
      if (!ok) wrong.push(`${c.name}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a form-encoded notification with a NUL is a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nuvei/notify',
      payload: 'ppp_status=OK&orderId=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'orderId' });
  });
});

describe('a complete, otherwise valid request (what reached the database before)', () => {
  const profile = (firstname: string, street: string) => ({
    firstname,
    lastname: 'Lee',
    address: { street, city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
  });

  it.each([
    ['firstname', profile('Ann\ud800', '1 Main St')],
    ['address.street', profile('Ann', '1 Main St\udfff')],
    ['address.street', profile('Ann', '1 Main\u0000 St')],
  ])('PUT v1/user/profile with bad text in %s: 400 naming it, the profile unchanged', async (field, payload) => {
    const before = (await as(t.app, shopper, { method: 'GET', url: '/api/v1/getuser' })).json().data;
    const res = await as(t.app, shopper, { method: 'PUT', url: '/api/v1/user/profile', payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    expect((await as(t.app, shopper, { method: 'GET', url: '/api/v1/getuser' })).json().data).toEqual(before);
  });
});

describe('what the guard leaves alone', () => {
  it('a well-formed pair (an emoji) and an escaped backslash before "u0000" are ordinary text', async () => {
    const res = await as(t.app, shopper, {
      method: 'PUT',
      url: '/api/v1/user/profile',
      payload: {
        firstname: 'Zoë \ud83d\ude00',
        lastname: 'Back\\u0000slash',
        address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ firstname: 'Zoë \ud83d\ude00', lastname: 'Back\\u0000slash' });
  });

  it('a raw JSON body with a well-formed escaped pair reaches the route (which checks its signature)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      payload: '{"note":"\\ud83d\\ude00 and \\\\u0000"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().code).not.toBe('VALIDATION_FAILED');
  });
});
