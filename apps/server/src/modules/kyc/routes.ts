// Identity verification (issue 10, ADR 016; ADR 004: calls beyond SPEC §7). The shopper's start and
// record need a session; the provider's callback has none: Jumio does not sign its callbacks, so the
// callback is only a prompt to ask Jumio's retrieval host (ADR 040), optionally only from Jumio's addresses
// (JUMIO_CALLBACK_ALLOWED_IPS); the sandbox and a signing relay sign theirs over the timestamp and the raw
// body (so the body is kept as sent). An admin's reset needs role ADMIN.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, kycCallbackResponse, kycRecordResponse, kycResetParams, kycResetResponse, kycStartResponse } from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { CALLBACK_SIGNATURE_HEADER, CALLBACK_TIMESTAMP_HEADER } from '../../providers/kyc/jumio/signature.ts';
import { applyCallback, getRecord, resetVerification, startVerification, type KycDeps } from './service.ts';
import { readJsonAsText } from '../../lib/raw-json-body.ts';

/** A callback is a few hundred bytes. */
const CALLBACK_BODY_LIMIT = 16 * 1024;

const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): KycDeps => ({ db: app.db, provider: app.kycProvider, log: app.log, wake: app.outbox });

  const shopperRoutes: FastifyPluginAsyncZod = async (shopper) => {
    requireSession(shopper);

    shopper.get(
      '/v1/kyc/jumio',
      {
        schema: {
          tags: ['kyc'],
          summary: "The signed-in shopper's identity verification record",
          description: 'SPEC §3 jumio: attempts, decision, status (null before any attempt). The same record getuser sends.',
          response: { 200: kycRecordResponse, 401: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: { jumio: await getRecord(app.db, signedInUser(request)._id) } }),
    );

    shopper.post(
      '/v1/kyc/jumio/start',
      {
        schema: {
          tags: ['kyc'],
          summary: 'Starts an identity check: a new attempt at the provider',
          description:
            "No body. Opens a workflow execution at the provider and answers its hosted page (redirectUrl, to show in a frame); the record gets one more attempt and status INITIATED. 409 once the decision is PASSED; 502 when the provider can't be reached.",
          response: { 200: kycStartResponse, 401: errorEnvelope, 409: errorEnvelope, 502: errorEnvelope },
        },
      },
      async (request) => {
        const userId = signedInUser(request)._id;
        const started = await startVerification(deps(), userId);
        request.log.info({ userId, workflowExecutionId: started.workflowExecutionId }, 'identity check started');
        return { success: true as const, data: started };
      },
    );

    shopper.post(
      '/v1/admin/kyc/:userId/reset',
      {
        onRequest: requireRole('ADMIN'),
        schema: {
          tags: ['kyc', 'admin'],
          summary: "An admin resets a shopper's verification record so they can verify again",
          description:
            'Role ADMIN. The record goes back to 0 attempts, no decision, no status; open attempts are retired. Recorded with the admin and the time.',
          params: kycResetParams,
          response: { 200: kycResetResponse, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        const adminId = signedInUser(request)._id;
        const reset = await resetVerification(deps(), adminId, request.params.userId);
        request.log.info({ adminId, userId: reset.userId }, 'identity verification reset by an admin');
        return { success: true as const, data: reset };
      },
    );
  };
  await app.register(shopperRoutes);

  const providerRoutes: FastifyPluginAsyncZod = async (provider) => {
    readJsonAsText(provider, { bodyLimit: CALLBACK_BODY_LIMIT });
    provider.post(
      '/v1/kyc/jumio/callback',
      {
        bodyLimit: CALLBACK_BODY_LIMIT,
        config: { externalInput: true, publicRateLimitMax: app.config.NOTIFY_RATE_LIMIT_MAX },
        schema: {
          tags: ['kyc'],
          summary: "The identity provider's callback",
          description: `No session. Jumio's body: workflowExecution { id, status }, account { id } (hrefs ignored). Nothing in it is believed: the status and decision are read from Jumio's retrieval host. With JUMIO_CALLBACK_ALLOWED_IPS only from those addresses (403); with JUMIO_CALLBACK_SECRET (always for the sandbox) headers ${CALLBACK_TIMESTAMP_HEADER} (Unix seconds, within 5 minutes of now) and ${CALLBACK_SIGNATURE_HEADER} (hex HMAC-SHA256 of "{timestamp}.{raw body}"). Moves the attempt forward only; a replayed, late or retired attempt's callback answers applied: false; 502 when the retrieval host can't be reached.`,
          response: { 200: kycCallbackResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 502: errorEnvelope },
        },
      },
      async (request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        app.kycProvider.verifyCallback(request.headers, rawBody, request.ip);
        const result = await applyCallback(deps(), rawBody);
        request.log.info({ applied: result.applied }, 'identity provider callback');
        return { success: true as const, data: result };
      },
    );
  };
  await app.register(providerRoutes);
};

export default kycRoutes;
