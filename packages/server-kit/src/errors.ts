/**
 * An error a client caused or may act on; the handler turns it into the failure envelope. An app narrows
 * `Code` to its own catalogue of codes (the store: ErrorCode in @store/shared, apps/server lib/errors.ts).
 */
export class AppError<Code extends string = string> extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: Code,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  /** Seconds the client is asked to wait before trying again (the Retry-After header), for 429 and 503. */
  retryAfterSeconds?: number;
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'BAD_REQUEST', message, field);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, field?: string) => new AppError(409, 'CONFLICT', message, field);
export const unprocessable = (message: string, field?: string) => new AppError(422, 'UNPROCESSABLE', message, field);
