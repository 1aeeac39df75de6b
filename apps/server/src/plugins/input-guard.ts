// Input rules every route shares, kept in one place so a route added tomorrow follows them too:
// - no NUL character (U+0000) in path parameters, query or body, keys included: PostgreSQL cannot store
//   it and would answer a 500;
// - an /api route takes only the query and body fields it declares: one without a querystring schema gets
//   an empty strict one, one without a body schema (other than GET/HEAD) an empty strict or absent body.
import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';

const NUL = '\u0000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The query and body are defined by someone else (a provider's notification): not closed here. */
    externalInput?: boolean;
  }
}

const emptyQuery = z.strictObject({});
const emptyBody = z.strictObject({}).nullish();

/** The path to the first NUL in a value (string, or JSON object/array, keys included); null when clean. */
export function findNul(value: unknown): string[] | null {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push({ value: item, path: [...path, String(i)] }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return [...path, key];
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** The field as the envelope names it ("items.0.name"), the NUL itself written out. */
const fieldName = (path: string[]) => path.join('.').replaceAll(NUL, '\\u0000');

/** 400 naming the first field holding a NUL, in the words of the schema validation errors. */
function rejectNul(request: FastifyRequest): void {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const path = findNul(value);
    if (!path) continue;
    const field = path.length ? fieldName(path) : where;
    const message = `Invalid ${where === 'body' ? '' : where + ' '}field '${field}': must not contain a NUL character`;
    throw new AppError(400, 'VALIDATION_FAILED', message, field);
  }
}

const isApiRoute = (url: string) => (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs');

/** Gives an /api route without a query or body schema an empty strict one, so unknown fields are a 400. */
function closeUndeclaredInput(route: RouteOptions): void {
  if (!isApiRoute(route.url) || route.config?.externalInput) return;
  const methods = [route.method].flat();
  const takesBody = methods.every((method) => method !== 'GET' && method !== 'HEAD');
  const schema = { ...route.schema };
  schema.querystring ??= emptyQuery;
  if (takesBody) schema.body ??= emptyBody;
  // A new object: schemas are shared between routes (and with the automatic HEAD route).
  route.schema = schema;
}

export default fp(
  async (app) => {
    app.addHook('onRoute', closeUndeclaredInput);
    // preValidation: the body is parsed, nothing has looked at the input yet (rate limits run after).
    app.addHook('preValidation', async (request) => {
      // Unknown paths get their 404 (or the web app) whatever they carry.
      if (request.is404) return;
      rejectNul(request);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
