// Session recording and replay (issue 12, ADR 028; bounds and ownership, issue 21, ADR 033): the spec's
// constants (SPEC §9 "Recording"), the recording the server issues, the batch the browser sends, the
// settings, and the admin console's reads.
import { z } from 'zod';
import { okEnvelope as ok } from './common.ts';

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
} as const;
export type RecordingErrorCode = (typeof RECORDING_ERROR)[keyof typeof RECORDING_ERROR];
/** Window event the opt-out switch fires, so a running recorder stops at once. */
export const RECORDING_OPT_OUT_EVENT = 'recording-opt-out';
/**
 * localStorage key (and window event name) where the live chat names its conversation id, so a recorded
 * session can be found from a chat. Written by the chat, only read here.
 */
export const CHAT_CONVERSATION_KEY = 'chat-conversation';

/** Ids the server issues (recording) or the store names (order, chat): letters, digits, '-' and '_'. */
const token = (min: number, max: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), 'must be letters, digits, - or _');

/** The recording settings an admin edits (PUT v1/admin/recordings/settings). */
export const recordingSettings = z.strictObject({
  samplePercent: z.number().int().min(0).max(100),
  retentionDays: z.number().int().min(1).max(365),
});
export type RecordingSettings = z.infer<typeof recordingSettings>;
export const recordingSettingsResponse = ok(recordingSettings);

/** GET v1/recordings/config: what the browser needs to decide. */
export const recordingConfig = z.object({
  samplePercent: z.number().int().min(0).max(100),
  retentionDays: z.number().int().min(1).max(365),
  /** The signed-in shopper's choice, kept on the server; null for a guest (their choice lives in the browser). */
  optedOut: z.boolean().nullable(),
});
export type RecordingConfig = z.infer<typeof recordingConfig>;
export const recordingConfigResponse = ok(recordingConfig);

/** PUT v1/recordings/opt-out (signed in): the choice follows the shopper to every device. */
export const recordingOptOutBody = z.strictObject({ optedOut: z.boolean() });
export const recordingOptOutResponse = ok(z.object({ optedOut: z.boolean() }));

/** One rrweb event: its type and time are read; the rest is kept as sent, for the player. */
export const recordedEvent = z.looseObject({ type: z.number().int().min(0).max(100), timestamp: z.number().nonnegative() });
export type RecordedEvent = z.infer<typeof recordedEvent>;

/** POST v1/recordings (guest or shopper): a new recording, and the secret its batches must carry. */
export const recordingStart = z.object({
  recordingId: token(16, 64),
  /** Kept by the browser (sessionStorage) and sent in RECORDING_SECRET_HEADER; the server keeps only its hash. */
  recordingSecret: token(32, 128),
});
export type RecordingStart = z.infer<typeof recordingStart>;
export const recordingStartResponse = ok(recordingStart);

/** The recording a batch is for: POST v1/recordings/{recordingId}/batches. */
export const recordingBatchParams = z.strictObject({ recordingId: token(16, 64) });

/** POST v1/recordings/{recordingId}/batches */
export const recordingBatchBody = z.strictObject({
  /** The batch's number in the recording, from 0: a batch sent twice is stored once. */
  sequence: z.number().int().min(0).max(1_000_000),
  events: z.array(recordedEvent).min(1).max(RECORDING_QUEUE_LIMIT),
  /** The live chat's conversation, when the shopper has one. */
  chatId: token(1, 100).optional(),
});
export type RecordingBatch = z.infer<typeof recordingBatchBody>;
export const recordingBatchResponse = ok(z.object({ stored: z.number().int().nonnegative() }));

/** Whole numbers in a query string, digits only. */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number, digits only')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** GET v1/admin/recordings */
export const adminRecordingsQuery = z.strictObject({
  page: wholeNumber(10_000).default(1),
  limit: wholeNumber(100).default(20),
  userId: token(1, 64).optional(),
  orderId: token(1, 64).optional(),
  chatId: token(1, 100).optional(),
});
export type AdminRecordingsQuery = z.infer<typeof adminRecordingsQuery>;

export const adminRecording = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  chatId: z.string().nullable(),
  orderIds: z.array(z.string()),
  paths: z.array(z.string()),
  userAgent: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string(),
  eventCount: z.number().int(),
});
export type AdminRecording = z.infer<typeof adminRecording>;

export const adminRecordingsResponse = ok(
  z.object({
    recordings: z.array(adminRecording),
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    hasMore: z.boolean(),
  }),
);
export type AdminRecordingsPage = z.infer<typeof adminRecordingsResponse>['data'];

/** GET v1/admin/recordings/:id/events: the session and its events in the order they were recorded. */
export const adminRecordingEventsResponse = ok(z.object({ recording: adminRecording, events: z.array(recordedEvent) }));
export type AdminRecordingEvents = z.infer<typeof adminRecordingEventsResponse>['data'];
