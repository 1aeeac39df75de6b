// POST /api/telemetry/frontend-error: where the published @coinflowlabs/react SDK reports its own failures in
// a merchant page (recordFrontendError: { message, stackTrace, merchantId, event }, JSON, from any merchant's
// origin; it ignores the answer). The host bounds the body, logs it at warn with anything that looks like a
// key taken out, and answers 204. A cross-origin JSON POST is preflighted: the OPTIONS answer lets it through.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseOr400 } from './validation.ts';

export const TELEMETRY_PATH = '/api/telemetry/frontend-error';

const telemetryBody = z.strictObject({
  // An Error's message; the SDK sends whatever it caught otherwise (a script's error event serialises as an object).
  message: z.union([z.string().max(4000), z.record(z.string().max(64), z.unknown())]).optional(),
  stackTrace: z.string().max(8000).optional(),
  merchantId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a merchant id')
    .optional(),
  event: z.string().min(1).max(64),
});

/** Session keys, JWTs and auth keys can sit in a URL of a message or a stack: never into the log. */
export function redactSecrets(text: string): string {
  return text
    .replace(/((?:sessionKey|jwtToken|destinationAuthKey|x-session-key)[=:]\s*)[^&\s"',)]+/gi, '$1[redacted]')
    .replace(/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted jwt]');
}

/** `log`: the app's logger (the host's own servers log nothing themselves). */
export const telemetryRoutes: FastifyPluginAsync<{ log: FastifyBaseLogger }> = async (app, { log }) => {
  app.options(TELEMETRY_PATH, async (request, reply) => {
    const origin = request.headers.origin;
    // Reporting only: no credentials, nothing read back, so any page may send one.
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  });
  app.post(TELEMETRY_PATH, async (request, reply) => {
    const body = parseOr400(telemetryBody, request.body);
    const message = typeof body.message === 'string' ? body.message : JSON.stringify(body.message ?? '');
    log.warn(
      {
        merchantId: body.merchantId,
        event: body.event,
        origin: request.headers.origin,
        message: redactSecrets(message).slice(0, 500),
        stackTop: redactSecrets(body.stackTrace ?? '')
          .split('\n')
          .slice(0, 3)
          .join('\n')
          .slice(0, 500),
      },
      'merchant page SDK error',
    );
    const origin = request.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return reply.status(204).send();
  });
};
