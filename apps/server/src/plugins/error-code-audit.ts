// Holds the store's failures to the error codes the API document lists for each route (issue 25:
// api/error-codes.ts, shown by the OpenAPI document). Only under test: every failure envelope a route
// answers is checked against its route's codes for that status (or the codes any route may answer), and an
// undeclared one is kept in `app.undeclaredErrorCodes`, which the test harness turns into a failure when
// the app closes. In production nothing is checked: the answer goes out as it is.
// With ERROR_CODES_RECORD=<file>, each answered (route, status, code) is appended there instead, one JSON
// line each: how the catalogue was first gathered from the suite.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDeclaredErrorCode, routeKey } from '../api/error-codes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failures answered with a code their route does not list (tests only; see plugins/error-code-audit.ts). */
    undeclaredErrorCodes: string[];
  }
}

/** The failure envelope's code in a JSON payload, if it is one. */
function failureCodeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{"success":false')) return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('undeclaredErrorCodes', [] as string[]);
    if (process.env.NODE_ENV !== 'test') return;
    const recordTo = process.env.ERROR_CODES_RECORD;
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const url = request.routeOptions.url;
      // The store's API only: the sandboxes' routes speak their providers' errors, the pages answer HTML.
      if (reply.statusCode < 400 || !url?.startsWith('/api/') || request.method === 'HEAD') return payload;
      const code = failureCodeOf(payload);
      if (!code) return payload;
      const route = routeKey(request.method, url);
      if (recordTo) fs.appendFileSync(recordTo, JSON.stringify({ route, status: reply.statusCode, code }) + '\n');
      else if (!isDeclaredErrorCode(route, reply.statusCode, code))
        app.undeclaredErrorCodes.push(`${route} answered ${reply.statusCode} ${code}`);
      return payload;
    });
  },
  { name: 'error-code-audit' },
);
