import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_CODE, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import type { ErrorCode } from '@store/shared';
import { AppError, failureEnvelope } from '../lib/errors.ts';
import { safeError } from '../lib/log-safety.ts';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
/** Seconds a client is asked to wait before retrying while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

/** Fastify's client errors (its FST_ERR_* codes are its own) in the store's catalogue, by status. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/** Names the input that failed validation, e.g. "body.email" or "querystring.price". */
function describeValidation(
  error: FastifyError & { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] },
) {
  const first = error.validation[0]!;
  const where = error.validationContext ?? 'body';
  const unknownKeys = first.params.keys as string[] | undefined;
  const pathPart = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = unknownKeys?.length ? unknownKeys[0]! : pathPart || where;
  const message = unknownKeys?.length
    ? `Unknown field '${unknownKeys.join("', '")}' in ${where}`
    : `Invalid ${where === 'body' ? '' : where + ' '}field '${field}': ${first.message}`;
  return { field, message };
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const { field, message } = describeValidation(error as never);
        return reply.status(400).send(failureEnvelope('VALIDATION_FAILED', message, field));
      }
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.statusCode).send(failureEnvelope(error.code, error.message, error.field));
      }
      if (isDatabaseUnavailable(error)) {
        // Down, stalled or overloaded rather than a bug: the client may retry. Logged once, without query parameters.
        request.log.error({ err: safeError(error) }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', DATABASE_RETRY_AFTER_SECONDS)
          .send(failureEnvelope(DATABASE_UNAVAILABLE_CODE, DATABASE_UNAVAILABLE_MESSAGE));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limit.
        const malformed = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
        const message = malformed ? 'Malformed JSON body' : error.message;
        return reply.status(status).send(failureEnvelope(malformed ? 'MALFORMED_JSON' : clientErrorCode(status), message));
      }
      // Class, codes, message and stack only: a query error's message carries its parameters.
      request.log.error({ err: safeError(error) }, 'unhandled error');
      return reply.status(500).send(failureEnvelope('INTERNAL', INTERNAL_MESSAGE));
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or hook runs (a
 * malformed percent-encoding, a path parameter over maxParamLength), answered in our envelope.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(failureEnvelope('URL_TOO_LONG', 'This address is too long.'));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(failureEnvelope('BAD_URL', 'This address is not a valid URL (bad percent-encoding).'));
    return;
  }
  // FST_ERR_ASYNC_CONSTRAINT, or whatever a later Fastify adds: ours to look into.
  reply.log.error({ err: safeError(error) }, 'router error');
  void reply.status(500).send(failureEnvelope('INTERNAL', INTERNAL_MESSAGE));
}
