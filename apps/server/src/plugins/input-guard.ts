// Input rules every route shares, kept in one place so a route added tomorrow follows them too:
// - a JSON body nested deeper than MAX_JSON_NESTING levels is a 400 before it is parsed (one linear
//   pass over the text), so nothing after the parser ever walks a pathological body;
// - no NUL character (U+0000) in path parameters, query or body, keys included: PostgreSQL cannot store
//   it and would answer a 500;
// - an /api route takes only the query and body fields it declares: one without a querystring schema gets
//   an empty strict one, one without a body schema (other than GET/HEAD) an empty strict or absent body.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';
import { MAX_JSON_NESTING, scanJsonNesting } from '../lib/json-nesting.ts';

const NUL = '\u0000';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The query and body are defined by someone else (a provider's notification): not closed here. */
    externalInput?: boolean;
  }
}

const emptyQuery = z.strictObject({});
const emptyBody = z.strictObject({}).nullish();

interface Pending {
  value: unknown;
  /** Where the value sits: its key and its parent's entry. The path is built only when a NUL is found. */
  key: string | null;
  parent: Pending | null;
}

function pathOf(entry: Pending | null, lastKey?: string): string[] {
  const path: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at = entry; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** What a walk looked at: one per value, plus the characters of every string and key searched. */
export interface WalkStats {
  examined: number;
}

/**
 * The path to the first NUL in a value (string, or JSON object/array, keys included); null when clean.
 * Iterative, so a deeply nested body cannot overflow the stack, and linear in the size of the value:
 * each value is visited once at a constant cost beyond its own characters (a path copied at every
 * level cost the square of the depth, which let one nested body hold the event loop for seconds).
 */
export function findNul(value: unknown, stats: WalkStats = { examined: 0 }): string[] | null {
  const pending: Pending[] = [{ value, key: null, parent: null }];
  while (pending.length) {
    const entry = pending.pop()!;
    const current = entry.value;
    stats.examined += 1;
    if (typeof current === 'string') {
      stats.examined += current.length;
      if (current.includes(NUL)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) pending.push({ value: current[i], key: String(i), parent: entry });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        stats.examined += key.length;
        if (key.includes(NUL)) return pathOf(entry, key);
        pending.push({ value: (current as Record<string, unknown>)[key], key, parent: entry });
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

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_NESTING} levels).`;

/**
 * Fastify's own JSON parser (with its __proto__ / constructor poisoning checks), behind the nesting
 * scan: a body too deep is refused before JSON.parse builds it.
 */
function guardJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (scanJsonNesting(body as string).tooDeep) {
      done(new AppError(400, 'BODY_TOO_DEEP', TOO_DEEP_MESSAGE, 'body'), undefined);
      return;
    }
    // Fastify's parser answers through done(); it returns nothing to wait for.
    void parseJson(request, body as string, done);
  });
}

export default fp(
  async (app) => {
    guardJsonParser(app);
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
