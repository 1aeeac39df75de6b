// The answers that refuse a batch or a recording (ADR 033), each with the code the browser acts on
// (RECORDING_ERROR): drop the batch, wait, start another recording, or stop.
import { RECORDING_ERROR, type ErrorCode } from '@store/shared';
import { AppError } from '../../lib/errors.ts';

/** A refusal the client may retry after a while: the route's onError hook sends Retry-After. */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: number,
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

/** Seconds a browser waits before sending a batch again when the batch worker is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const recordingBusy = () =>
  new RetryLaterError(
    503,
    RECORDING_ERROR.busy,
    'Too many recording batches are waiting to be read. Please send this one again in a few seconds.',
    BUSY_RETRY_AFTER_SECONDS,
  );

export const recordingNotFound = () => new AppError(404, RECORDING_ERROR.notFound, 'No recording has this id: it ended or was deleted.');

export const recordingForbidden = () =>
  new AppError(403, RECORDING_ERROR.forbidden, 'This recording belongs to another browser: the batch did not carry its secret.');

export const recordingFull = (limits: { maxEvents: number; maxBytes: number }) =>
  new AppError(
    413,
    RECORDING_ERROR.full,
    `This recording is full: one recording holds at most ${limits.maxEvents} events and ${Math.floor(limits.maxBytes / 1024)} KB.`,
  );

export function addressLimited(waitSeconds: number): RetryLaterError {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return new RetryLaterError(
    429,
    RECORDING_ERROR.addressLimited,
    `Your address has sent as much session recording as it may this hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    waitSeconds,
  );
}
