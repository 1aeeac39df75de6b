// The identity review queue of the admin console (issue 12, ADR 025). Role ADMIN, checked when the
// request arrives (a guest 401, a shopper 403, whatever they send); every decision is audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdentityReviewBody,
  adminIdentityReviewParams,
  adminIdentityReviewResponse,
  adminIdentityReviewsQuery,
  adminIdentityReviewsResponse,
  errorEnvelope,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { listIdentityReviews, reviewIdentity, STUCK_AFTER_HOURS } from './reviews.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const decisionErrors = { ...refusals, 404: errorEnvelope, 409: errorEnvelope };

export const identityReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));
  const deps = () => ({ db: app.db, wake: app.outbox });

  app.get(
    '/v1/admin/identity-reviews',
    {
      schema: {
        tags: ['kyc', 'admin'],
        summary: 'Identity checks waiting for a person',
        description: `Role ADMIN. Records whose decision is REJECTED, WARNING or NOT_EXECUTED, or whose documents have been in checking (ACQUIRED) for over ${STUCK_AFTER_HOURS} hours, and that changed since their last review; the longest-waiting first. page from 1 (at most 10,000), limit 1 to 100 (default 20); hasMore tells whether a next page exists.`,
        querystring: adminIdentityReviewsQuery,
        response: { 200: adminIdentityReviewsResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await listIdentityReviews(app.db, request.query) }),
  );

  const decide = (decision: 'PASSED' | 'REJECTED', verb: 'approve' | 'reject') =>
    app.post(
      `/v1/admin/identity-reviews/:userId/${verb}`,
      {
        schema: {
          tags: ['kyc', 'admin'],
          summary: decision === 'PASSED' ? "An admin verifies a shopper's identity by hand" : "An admin rejects a shopper's identity check",
          description: `Role ADMIN. { reason } (1 to 500 characters). The record becomes DONE with decision ${decision}${decision === 'PASSED' ? ' (final, like a provider pass)' : ' (the shopper may try again)'}; open attempts are retired; the shopper is told live; written to the audit log (kyc.review.${verb}). 404 without a record; 409 when it does not wait for a review (another admin decided it first).`,
          params: adminIdentityReviewParams,
          body: adminIdentityReviewBody,
          response: { 200: adminIdentityReviewResponse, ...decisionErrors },
        },
      },
      async (request) => {
        const adminId = signedInUser(request)._id;
        const data = await reviewIdentity(deps(), adminId, request.params.userId, decision, request.body.reason);
        request.log.info({ adminId, userId: data.userId, decision }, 'identity reviewed by an admin');
        return { success: true as const, data };
      },
    );
  decide('PASSED', 'approve');
  decide('REJECTED', 'reject');
};
