// Session recording (issue 12, ADR 028; bounds and ownership, issue 21, ADR 033). The browser's side needs no
// session (guests are recorded too): its config, the recording the server issues it, and its batches, which
// must carry the recording's secret. A signed-in shopper's opt-out is kept on the server. The admin
// console's list, replay and settings need role ADMIN, checked when the request arrives (guest 401, shopper 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRecordingEventsResponse,
  adminRecordingsQuery,
  adminRecordingsResponse,
  errorEnvelope,
  idParam,
  RECORDING_BATCH_MAX_BYTES,
  RECORDING_QUEUE_LIMIT,
  RECORDING_SECRET_HEADER,
  recordingBatchParams,
  recordingBatchResponse,
  recordingConfigResponse,
  recordingOptOutBody,
  recordingOptOutResponse,
  recordingSettings,
  recordingSettingsResponse,
  recordingStartResponse,
} from '@store/shared';
import { readJsonAsText } from '../../lib/raw-json-body.ts';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { createBatchParser } from './batch-parser.ts';
import { RetryLaterError } from './refusals.ts';
import {
  listRecordings,
  receiveBatch,
  recordingConfig,
  recordingEvents,
  recordingLimits,
  saveOptOut,
  startRecording,
  updateRecordingSettings,
  type BatchDeps,
} from './service.ts';
import { storageCap } from './storage-cap.ts';
import { writeTurns } from './write-turns.ts';

/**
 * Batches per address and minute. One browser sends one every few seconds (about 12 a minute) and one when
 * the page hides; the room above that is for many shoppers behind one address (an office, a carrier's NAT).
 */
export const BATCHES_PER_MINUTE = 600;
/** Recordings started per address and minute: one per recorded browser session, so far fewer than batches. */
export const RECORDINGS_STARTED_PER_MINUTE = 60;

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  const parser = createBatchParser(app.log);
  app.addHook('onClose', () => parser.close());
  const limits = recordingLimits(app.config);
  const deps: BatchDeps = {
    db: app.db,
    counters: app.attemptCounters,
    parser,
    storage: storageCap(app.db, limits.maxTotalBytes, app.log),
    limits,
    turns: writeTurns(app.database.kind === 'pglite'),
  };
  // The address limit and a busy worker say when to come back.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  // A page snapshot nests as deep as the page's markup, and a batch is parsed on a worker thread: the body
  // is read as text here (batch-body.ts checks its nesting against a bound of its own).
  readJsonAsText(app, { bodyLimit: RECORDING_BATCH_MAX_BYTES });
  app.post(
    '/v1/recordings/:recordingId/batches',
    {
      bodyLimit: RECORDING_BATCH_MAX_BYTES,
      config: { externalInput: true, publicRateLimitMax: BATCHES_PER_MINUTE },
      schema: {
        tags: ['recordings'],
        summary: 'A batch of recorded events from the browser that started the recording',
        description: `Guest or shopper. Header ${RECORDING_SECRET_HEADER}: the secret POST v1/recordings gave (else 403; an unknown recording 404). JSON body { sequence (0, 1, ...), events (1 to ${RECORDING_QUEUE_LIMIT} rrweb events, each with type and timestamp), chatId? }, at most ${RECORDING_BATCH_MAX_BYTES / 1024} KB (else 413); no text PostgreSQL cannot store (a NUL, an unpaired surrogate: 400 naming the field). A sequence already stored is a retry: stored 0. A signed-in shopper who opted out: stored 0. Bounds (ADR 033): events and bytes per recording (413 RECORDING_FULL: stop recording it), events and bytes per address and hour (429 RECORDING_ADDRESS_LIMITED with Retry-After), ${BATCHES_PER_MINUTE} batches per address and minute (429); too many batches waiting to be read: 503 RECORDING_BUSY with Retry-After.`,
        params: recordingBatchParams,
        // The body is read by the route itself (externalInput), but the query is closed as everywhere.
        querystring: z.strictObject({}),
        response: {
          200: recordingBatchResponse,
          400: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          413: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request) => {
      const data = await receiveBatch(deps, {
        recordingId: request.params.recordingId,
        secret: header(request.headers[RECORDING_SECRET_HEADER]),
        text: typeof request.body === 'string' ? request.body : '',
        user: request.user ?? null,
        ip: request.ip,
      });
      return { success: true as const, data };
    },
  );
};

const shopperRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.put(
    '/v1/recordings/opt-out',
    {
      schema: {
        tags: ['recordings'],
        summary: "The signed-in shopper's choice to be recorded or not, on every device",
        description: 'Signed in. { optedOut: true } stops recording on every device the shopper signs in on; false allows it again.',
        body: recordingOptOutBody,
        response: { 200: recordingOptOutResponse, 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await saveOptOut(app.db, signedInUser(request)._id, request.body.optedOut) }),
  );
};

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));
  const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

  app.get(
    '/v1/admin/recordings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Recorded sessions',
        description:
          'Role ADMIN. ?userId=, ?orderId= (a session that showed the order: /add-card/{orderId} or ?orderId=), ?chatId= (the live chat conversation the session named). page from 1, limit 1 to 100 (default 20); newest first; hasMore tells whether a next page exists.',
        querystring: adminRecordingsQuery,
        response: { 200: adminRecordingsResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await listRecordings(app.db, request.query) }),
  );

  app.get(
    '/v1/admin/recordings/:id/events',
    {
      schema: {
        tags: ['admin'],
        summary: 'A recorded session and its events, for the player',
        description: 'Role ADMIN. The events in the order they were recorded. 404 for an unknown id.',
        params: idParam,
        response: { 200: adminRecordingEventsResponse, ...refusals, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { recording, eventsJson } = await recordingEvents(app.db, request.params.id);
      // The events as stored, joined rather than parsed and serialised again (service.ts); they were
      // checked against the event schema when they arrived.
      const body = `{"success":true,"data":{"recording":${JSON.stringify(recording)},"events":${eventsJson}}}`;
      // A string is sent as it is (Fastify serialises only objects); the type provider knows only the object form.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.put(
    '/v1/admin/recordings/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Recording settings: the share of browser sessions recorded, how long recordings are kept',
        description:
          'Role ADMIN. { samplePercent (0 to 100), retentionDays (1 to 365) }. Applies to browser sessions that start afterwards; written to the audit log (recordings.settings).',
        body: recordingSettings,
        response: { 200: recordingSettingsResponse, ...refusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateRecordingSettings(app.db, signedInUser(request)._id, request.body),
    }),
  );
};

const recordingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/recordings/config',
    {
      schema: {
        tags: ['recordings'],
        summary: 'Whether the browser records: the sample share, the retention, the shopper opt-out',
        description:
          "No session needed. samplePercent of browser sessions are recorded; retentionDays is how long a recording is kept. optedOut is the signed-in shopper's choice kept on the server (null for a guest, whose choice lives in the browser). An admin gets samplePercent 0: admin sessions are not recorded.",
        response: { 200: recordingConfigResponse },
      },
    },
    async (request) => ({ success: true as const, data: await recordingConfig(app.db, request.user ?? null) }),
  );
  app.post(
    '/v1/recordings',
    {
      config: { publicRateLimitMax: RECORDINGS_STARTED_PER_MINUTE },
      schema: {
        tags: ['recordings'],
        summary: 'Starts a recording: its id, and the secret its batches must carry',
        description: `Guest or shopper, no body. Called once a browser session has decided to record. The secret is shown once: the browser keeps it for the session and sends it in ${RECORDING_SECRET_HEADER} with every batch; the store keeps only its hash. ${RECORDINGS_STARTED_PER_MINUTE} per address and minute. An admin is refused (403 RECORDING_NOT_FOR_ADMINS): admin sessions are not recorded.`,
        response: { 201: recordingStartResponse, 400: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const data = await startRecording(app.db, { user: request.user ?? null, userAgent: request.headers['user-agent'] ?? null });
      return reply.status(201).send({ success: true as const, data });
    },
  );
  await app.register(batchRoutes);
  await app.register(shopperRoutes);
  await app.register(adminRoutes);
};

export default recordingsRoutes;
