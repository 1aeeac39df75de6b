// The admin console's settings (issue 12, ADR 024). Role ADMIN, checked before the input is read: a guest
// gets 401, a shopper 403, whatever they send.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsResponse, adminSettingsUpdate, errorEnvelope } from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { readAdminSettings, updateAdminSettings } from './admin.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.get(
    '/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every store setting an admin edits, with the version to send back',
        description:
          'Role ADMIN. store (company, app links and versions, coin rate, limits, blocked countries, tax rates), purchases (whitelisted states, payment methods, card routing: which kind takes a new card and which while it is down), cashout (rules).',
        response: { 200: adminSettingsResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => ({ success: true as const, data: await readAdminSettings(app.db) }),
  );

  app.put(
    '/v1/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the store settings',
        description:
          'Role ADMIN. The whole page with the version it was read at; 409 when another admin saved since. Tax rates in basis points (0 to 10,000); money in integer cents. Shoppers see the change at once; the audit log records the fields that changed (settings.update).',
        body: adminSettingsUpdate,
        response: { 200: adminSettingsResponse, ...refusals, 409: errorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateAdminSettings(app.db, signedInUser(request)._id, request.body),
    }),
  );
};

export default adminSettingsRoutes;
