// The batch body, read from its text: nesting bounded (in one pass, before parsing), then JSON, then the
// shared schema, each failure a 400 naming the problem.
import { recordingBatchBody, type RecordingBatch } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import { scanJsonNesting } from '../../lib/json-nesting.ts';

/**
 * A full page snapshot nests two levels per element of the page (the node and its childNodes), so the API's
 * usual bound (32) is too low; this one leaves room for a page 120 elements deep and still bounds the work
 * of every later step (parse, validation, the database's jsonb).
 */
export const RECORDING_MAX_NESTING = 256;

export function parseBatch(text: string): RecordingBatch {
  if (scanJsonNesting(text, RECORDING_MAX_NESTING).tooDeep) {
    throw new AppError(400, 'BODY_TOO_DEEP', `The batch is nested too deeply (more than ${RECORDING_MAX_NESTING} levels).`, 'events');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'The body must be JSON.', 'body');
  }
  const parsed = recordingBatchBody.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : issue.path.join('.') || 'body';
  const message = issue.code === 'unrecognized_keys' ? `Unknown field '${field}' in body` : `Invalid field '${field}': ${issue.message}`;
  throw new AppError(400, 'VALIDATION_FAILED', message, field);
}
