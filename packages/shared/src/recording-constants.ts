// Session recording's constants (SPEC §9 "Recording"; ADR 028, 033), apart from its schemas: the browser's
// first load reads these keys (app start, the opt-out switch), and a module of schemas would bring zod with it.
import type { ErrorCode } from './error-codes.ts';

/** SPEC §9: the browser keeps at most this many events waiting to be sent (the oldest go first). */
export const RECORDING_QUEUE_LIMIT = 1000;
/** SPEC §9: the diagnostic sampling, in percent of browser sessions, until an admin changes it. */
export const RECORDING_SAMPLE_PERCENT = 25;
/** How many days a recorded session is kept, until an admin changes it. */
export const RECORDING_RETENTION_DAYS = 30;
/** The largest batch body the server takes, in bytes (a full page snapshot fits well within it). */
export const RECORDING_BATCH_MAX_BYTES = 512 * 1024;
/** localStorage key: '1' when the shopper opted out of session recording on this browser. */
export const RECORDING_OPT_OUT_KEY = 'recordingOptOut';
/**
 * sessionStorage key of this browser session's recording: whether it is sampled, the recording the server
 * issued (its id and secret), its next batch number, and whether the server asked it to stop or wait.
 */
export const RECORDING_SESSION_KEY = 'recordingSession';
/** Request header of a batch: the recording's secret, which only the browser that started it holds. */
export const RECORDING_SECRET_HEADER = 'x-recording-secret';

/** Why the server refused a batch, so the browser knows whether to drop it, wait, or stop. */
export const RECORDING_ERROR = {
  /** 404: no such recording (never issued, or deleted: retention, the storage cap): start another. */
  notFound: 'RECORDING_NOT_FOUND',
  /** 403: the batch did not carry the recording's secret. */
  forbidden: 'RECORDING_FORBIDDEN',
  /** 413: the recording holds as many events or bytes as one recording may: stop recording it. */
  full: 'RECORDING_FULL',
  /** 429 with Retry-After: the address sent as much as it may this hour: wait that long. */
  addressLimited: 'RECORDING_ADDRESS_LIMITED',
  /** 503 with Retry-After: too many batches waiting to be read: send this one again later. */
  busy: 'RECORDING_BUSY',
} as const satisfies Record<string, ErrorCode>;
export type RecordingErrorCode = (typeof RECORDING_ERROR)[keyof typeof RECORDING_ERROR];
/** Window event the opt-out switch fires, so a running recorder stops at once. */
export const RECORDING_OPT_OUT_EVENT = 'recording-opt-out';
/**
 * localStorage key (and window event name) where the live chat names its conversation id, so a recorded
 * session can be found from a chat. Written by the chat, only read here.
 */
export const CHAT_CONVERSATION_KEY = 'chat-conversation';
