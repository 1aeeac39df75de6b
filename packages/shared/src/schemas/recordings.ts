// Session recording and replay (issue 12, ADR 028; bounds and ownership, issue 21, ADR 033): the recording
// the server issues, the batch the browser sends, the settings, and the admin console's reads. The spec's
// constants are in ../recording-constants.ts.
import { z } from 'zod';
import { okEnvelope as ok } from './common.ts';
import { RECORDING_QUEUE_LIMIT } from '../recording-constants.ts';

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
