// Input rules every route shares, kept in one place so a route added tomorrow follows them too:
// - a JSON body nested deeper than MAX_JSON_NESTING levels is a 400 before it is parsed (one linear
//   pass over the text), so nothing after the parser ever walks a pathological body;
// - no NUL character (U+0000) and no lone surrogate (an unpaired U+D800-U+DFFF, which JSON lets a client
//   write as "\ud800") in path parameters, query or body, keys included: PostgreSQL can store neither
//   (text refuses the NUL, jsonb both) and would answer a 500. That holds on every route, provider
//   notifications included: a body a route reads as raw JSON text (lib/raw-json-body.ts) is scanned as
//   text, and parsed to name the field only when the scan finds a suspect escape;
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

/** What PostgreSQL cannot hold in a text or jsonb value. */
export type BadText = 'nul' | 'loneSurrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one: one look each side. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The trouble with one string, if any: one pass over it per check, both native. */
function badText(text: string): BadText | null {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'loneSurrogate' : null;
}

interface Pending {
  value: unknown;
  /** Where the value sits: its key and its parent's entry. The path is built only when something is found. */
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

export interface BadTextFound {
  /** The field's path from the top of the value ([] when the value itself is the string). */
  path: string[];
  problem: BadText;
}

/**
 * The first NUL or lone surrogate in a value (string, or JSON object/array, keys included); null when
 * clean. Iterative, so a deeply nested body cannot overflow the stack, and linear in the size of the
 * value: each value is visited once at a constant cost beyond its own characters (a path copied at every
 * level cost the square of the depth, which let one nested body hold the event loop for seconds).
 */
export function findBadText(value: unknown, stats: WalkStats = { examined: 0 }): BadTextFound | null {
  const pending: Pending[] = [{ value, key: null, parent: null }];
  while (pending.length) {
    const entry = pending.pop()!;
    const current = entry.value;
    stats.examined += 1;
    if (typeof current === 'string') {
      stats.examined += current.length;
      const problem = badText(current);
      if (problem) return { path: pathOf(entry), problem };
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) pending.push({ value: current[i], key: String(i), parent: entry });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const key of Object.keys(current)) {
        stats.examined += key.length;
        const problem = badText(key);
        if (problem) return { path: pathOf(entry, key), problem };
        pending.push({ value: (current as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return null;
}

/**
 * A JSON escape that may decode to a NUL or a surrogate (\u0000, \uD800-\uDFFF): the only way either
 * can reach a JSON text read as UTF-8 (a raw surrogate's bytes decode to U+FFFD). It also matches an
 * escaped backslash followed by such text, or a well-formed pair: the parse below settles those.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/**
 * The first bad text in a body a route reads as raw JSON text (webhooks, signed credits): a scan of the
 * text, and, only when it finds a suspect escape, a parse to name the field (a text that does not parse
 * is the route's to refuse). Linear in the text's length.
 */
export function findBadTextInJson(text: string): BadTextFound | null {
  const raw = badText(text);
  if (!raw && !SUSPECT_ESCAPE.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return raw ? { path: [], problem: raw } : null;
  }
  return findBadText(parsed) ?? (raw ? { path: [], problem: raw } : null);
}

/** The field as the envelope names it ("items.0.name"), a NUL or lone surrogate written out as its escape. */
const fieldName = (path: string[]) =>
  path
    .join('.')
    .replaceAll(NUL, '\\u0000')
    .replace(new RegExp(LONE_SURROGATE, 'g'), (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);

const PROBLEMS: Record<BadText, string> = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must not contain an unpaired surrogate (\\ud800-\\udfff): it is not valid Unicode text',
};

/** A body a route keeps as JSON text (lib/raw-json-body.ts): scanned as text. */
function isJsonText(request: FastifyRequest): request is FastifyRequest & { body: string } {
  return typeof request.body === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');
}

/** 400 naming the first field holding a NUL or a lone surrogate, in the words of the schema validation errors. */
function rejectBadText(request: FastifyRequest): void {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const found = where === 'body' && isJsonText(request) ? findBadTextInJson(request.body) : findBadText(value);
    if (!found) continue;
    const field = found.path.length ? fieldName(found.path) : where;
    const message = `Invalid ${where === 'body' ? '' : where + ' '}field '${field}': ${PROBLEMS[found.problem]}`;
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
      rejectBadText(request);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
