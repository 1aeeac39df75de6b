// What every route of the Square sandbox answers with: Square's ids and timestamps, its error shape
// {errors: [{category, code, detail, field?}]}, and the replies built from them (a missing field, an
// answer kept under an idempotency key, a key reused with another request).
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { SquareJson } from './book.ts';

export const MERCHANT_ID = 'SANDBOX_MERCHANT';
export const squareId = (length = 22) => randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
export const now = () => new Date().toISOString();

type ErrorCategory = 'API_ERROR' | 'AUTHENTICATION_ERROR' | 'INVALID_REQUEST_ERROR' | 'PAYMENT_METHOD_ERROR';
export const squareError = (category: ErrorCategory, code: string, detail: string, field?: string) => ({
  errors: [{ category, code, detail, ...(field ? { field } : {}) }],
});

/** A request field as Square reads it: a non-empty string, or absent. */
export const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** Square's answer to a request without a field it needs. */
export const sendRequired = (reply: FastifyReply, field: string) =>
  reply.status(400).send(squareError('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', `Field must be set`, field));

/** Sends what the book answered under an idempotency key, or Square's refusal of a key reused with another request. */
export function sendAnswer(reply: FastifyReply, answer: { status: number; body: SquareJson } | 'reused') {
  if (answer === 'reused')
    return reply
      .status(400)
      .send(
        squareError(
          'INVALID_REQUEST_ERROR',
          'IDEMPOTENCY_KEY_REUSED',
          'The idempotency key can only be retried with the same request data.',
        ),
      );
  return reply.status(answer.status).send(answer.body);
}

/**
 * A payment's or card's billing_address as Square keeps it: the sandbox reads the postcode only (a string;
 * Square documents no length, so the sandbox takes up to 255). Undefined when none was sent; 'invalid' for a
 * malformed one.
 */
export function billingAddressOf(value: unknown): { postal_code: string } | undefined | 'invalid' {
  if (value === undefined) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const postal = (value as { postal_code?: unknown }).postal_code;
  if (postal === undefined) return undefined;
  if (typeof postal !== 'string' || postal.length === 0 || postal.length > 255) return 'invalid';
  return { postal_code: postal };
}
