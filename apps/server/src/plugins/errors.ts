import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/** Names the input that failed validation, e.g. "body.email" or "querystring.price". */
function describeValidation(error: FastifyError & { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] }) {
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

export default fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { field, message } = describeValidation(error as never);
      return reply.status(400).send({ success: false, message, code: 'VALIDATION_FAILED', field });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, code: error.code, field: error.field });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limit.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Malformed JSON body'
        : error.message;
      return reply.status(status).send({ success: false, message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}, { name: 'errors' });
