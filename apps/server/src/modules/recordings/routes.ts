// Session recording (issue 12, ADR 028). The browser's side needs no session (guests are recorded too):
// its config and its batches. A signed-in shopper's opt-out is kept on the server. The admin console's
// list, replay and settings need role ADMIN, checked when the request arrives (guest 401, shopper 403).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRecordingEventsResponse,
  adminRecordingsQuery,
  adminRecordingsResponse,
  errorEnvelope,
  idParam,
  RECORDING_BATCH_MAX_BYTES,
  RECORDING_QUEUE_LIMIT,
  recordingConfigResponse,
  recordingOptOutBody,
  recordingOptOutResponse,
  recordingSettings,
  recordingSettingsResponse,
  recordingBatchResponse,
} from '@store/shared';
import { readJsonAsText } from '../../lib/raw-json-body.ts';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { parseBatch } from './batch-body.ts';
import { listRecordings, recordingConfig, recordingEvents, saveOptOut, storeBatch, updateRecordingSettings } from './service.ts';

/**
 * Batches per address and minute. One browser sends one every few seconds (about 12 a minute) and one when
 * the page hides; the room above that is for many shoppers behind one address (an office, a carrier's NAT).
 */
export const BATCHES_PER_MINUTE = 600;

const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  // A page snapshot nests as deep as the page's markup: the body is read as text and its nesting checked
  // against a bound of its own (batch-body.ts), not the API's usual one.
  readJsonAsText(app, { bodyLimit: RECORDING_BATCH_MAX_BYTES });
  app.post(
    '/v1/recordings/batches',
    {
      bodyLimit: RECORDING_BATCH_MAX_BYTES,
      config: { externalInput: true, publicRateLimitMax: BATCHES_PER_MINUTE },
      schema: {
        tags: ['recordings'],
        summary: 'A batch of recorded events from the browser',
        description: `Guest or shopper. JSON body { sessionId (16 to 64 letters, digits, - or _), sequence (0, 1, ...), events (1 to ${RECORDING_QUEUE_LIMIT} rrweb events, each with type and timestamp), chatId? }, at most ${RECORDING_BATCH_MAX_BYTES / 1024} KB (else 413). A sequence already stored is a retry: stored 0. A signed-in shopper who opted out: stored 0. ${BATCHES_PER_MINUTE} batches per address and minute.`,
        response: { 200: recordingBatchResponse, 400: errorEnvelope, 413: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const batch = parseBatch(typeof request.body === 'string' ? request.body : '');
      const userAgent = request.headers['user-agent'] ?? null;
      const data = await storeBatch(app.db, batch, { userId: request.user?._id ?? null, userAgent });
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
    async (request) => ({ success: true as const, data: await recordingEvents(app.db, request.params.id) }),
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
          "No session needed. samplePercent of browser sessions are recorded; retentionDays is how long a recording is kept. optedOut is the signed-in shopper's choice kept on the server (null for a guest, whose choice lives in the browser).",
        response: { 200: recordingConfigResponse },
      },
    },
    async (request) => ({ success: true as const, data: await recordingConfig(app.db, request.user?._id ?? null) }),
  );
  await app.register(batchRoutes);
  await app.register(shopperRoutes);
  await app.register(adminRoutes);
};

export default recordingsRoutes;
