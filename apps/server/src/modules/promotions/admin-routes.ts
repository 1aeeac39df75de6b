// The admin console's promotions (issue 12, ADR 024), apart from the shoppers' public calls in routes.ts.
// Role ADMIN, checked before the input is read: a guest gets 401, a shopper 403, whatever they send.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPromotionInput,
  adminPromotionResponse,
  adminPromotionsQuery,
  adminPromotionsResponse,
  adminPromotionUpdate,
  adminVersionBody,
  errorEnvelope,
  idParam,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { createPromotion, endPromotion, listPromotions, updatePromotion } from './admin.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const changeRefusals = { ...refusals, 404: errorEnvelope, 409: errorEnvelope };
const KINDS_DOC =
  "channel 'app' + kind 'active' is the active promotion (active-promotion), 'web' + 'active' the web promotion (active-promotion-web), kind 'first-purchase' the eligibility promotion. bonusPercentage is a percentage (1 to 100) for PERCENTAGE, else a coin bonus.";

const adminPromotionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.get(
    '/v1/admin/promotions/manage',
    {
      schema: {
        tags: ['admin'],
        summary: 'Promotions, newest first',
        description: `Role ADMIN. ?channel=, ?kind=, ?status= (scheduled, running, ended). page from 1, limit 1 to 100 (default 20); hasMore tells whether a next page exists. ${KINDS_DOC}`,
        querystring: adminPromotionsQuery,
        response: { 200: adminPromotionsResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await listPromotions(app.db, request.query) }),
  );

  app.post(
    '/v1/admin/promotions/manage',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a promotion',
        description: `Role ADMIN. startsAt defaults to now; no endsAt runs until ended. ${KINDS_DOC} Audit: promotion.create.`,
        body: adminPromotionInput,
        response: { 201: adminPromotionResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const promotion = await createPromotion(app.db, signedInUser(request)._id, request.body);
      return reply.status(201).send({ success: true as const, data: promotion });
    },
  );

  app.put(
    '/v1/admin/promotions/manage/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a promotion',
        description:
          'Role ADMIN. Every field, with the version it was read at: 409 when another admin changed it since. No startsAt keeps the start it had. Audit: promotion.update.',
        params: idParam,
        body: adminPromotionUpdate,
        response: { 200: adminPromotionResponse, ...changeRefusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updatePromotion(app.db, signedInUser(request)._id, request.params.id, request.body),
    }),
  );

  app.post(
    '/v1/admin/promotions/manage/:id/end',
    {
      schema: {
        tags: ['admin'],
        summary: 'End a promotion now',
        description: 'Role ADMIN. With the version it was read at (409 when stale, or when it has already ended). Audit: promotion.end.',
        params: idParam,
        body: adminVersionBody,
        response: { 200: adminPromotionResponse, ...changeRefusals },
      },
    },
    async (request) => ({
      success: true as const,
      data: await endPromotion(app.db, signedInUser(request)._id, request.params.id, request.body.version),
    }),
  );
};

export default adminPromotionRoutes;
