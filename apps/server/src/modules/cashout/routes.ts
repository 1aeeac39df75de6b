// Cash-outs (issue 10, ADR 017): the shopper's request and list (SPEC §7 POST v1/third-party/requests/cashouts;
// the list beside it), and the admin's list, approval and rejection (ADR 004: calls beyond SPEC §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCashoutListResponse,
  adminCashoutParams,
  adminCashoutQuery,
  adminCashoutRejectBody,
  adminCashoutResponse,
  cashoutListResponse,
  cashoutRequestBody,
  cashoutResponse,
  errorEnvelope,
} from '@store/shared';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import type { CashoutDeps } from './deps.ts';
import { approveCashout, rejectCashout } from './payout.ts';
import { listAllCashouts, listMyCashouts, requestCashout } from './service.ts';
import { adminCashoutItem, adminCashoutListItem, cashoutItem } from './view.ts';

const STATES_DOC =
  'States: PENDING (coins held, waiting for an admin) → APPROVED (payout in flight) → PAID; or REJECTED (coins returned to winWallet); or FAILED (the payout was refused; coins returned).';

const cashoutRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const deps: CashoutDeps = { db: app.db, providers: app.paymentProviders, log: app.log, wake: app.outbox };

  app.post(
    '/v1/third-party/requests/cashouts',
    {
      onRequest: requireRole('USER'),
      schema: {
        tags: ['cashout'],
        summary: 'The signed-in shopper asks to cash out winWallet coins to a saved bank account',
        description: `Role USER. { amount: integer coins, userPaymentOptionId: a saved bank account's id (GET v1/nuvei/banks) }; unknown fields 400. Needs a PASSED verification, a whitelisted state, amount within the settings' min/max and daily limit, and no bank purchase settled within the ACH hold: else 422 naming the rule (code) and field. The coins move at once from winWallet to the hold. ${STATES_DOC}`,
        body: cashoutRequestBody,
        response: { 201: cashoutResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const row = await requestCashout(deps, signedInUser(request)._id, request.body);
      request.log.info({ cashoutId: row.id, amount: row.amount }, 'cash-out requested');
      return reply.status(201).send({ success: true as const, data: cashoutItem(row) });
    },
  );

  app.get(
    '/v1/third-party/requests/cashouts',
    {
      onRequest: requireRole('USER'),
      schema: {
        tags: ['cashout'],
        summary: "The signed-in shopper's cash-outs, newest first, and the rules a request must keep",
        description: STATES_DOC,
        response: { 200: cashoutListResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { rows, rules } = await listMyCashouts(app.db, signedInUser(request)._id);
      return { success: true as const, data: { items: rows.map(cashoutItem), rules } };
    },
  );

  app.get(
    '/v1/admin/cashouts',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        tags: ['cashout', 'admin'],
        summary: 'Cash-outs, newest first, optionally of one status',
        description: `Role ADMIN. ?status=PENDING|APPROVED|PAID|REJECTED|FAILED. ${STATES_DOC}`,
        querystring: adminCashoutQuery,
        response: { 200: adminCashoutListResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: (await listAllCashouts(app.db, request.query.status)).map(adminCashoutListItem) }),
  );

  app.post(
    '/v1/admin/cashouts/:id/approve',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        tags: ['cashout', 'admin'],
        summary: 'An admin approves a PENDING cash-out; the payout goes to the bank account',
        description:
          'Role ADMIN. Records who and when; answers the cash-out after the payout: PAID, FAILED (coins returned), or APPROVED while the provider has not answered (paid later, once). 409 unless PENDING.',
        params: adminCashoutParams,
        response: {
          200: adminCashoutResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: adminCashoutItem(await approveCashout(deps, request.params.id, signedInUser(request)._id)),
    }),
  );

  app.post(
    '/v1/admin/cashouts/:id/reject',
    {
      onRequest: requireRole('ADMIN'),
      schema: {
        tags: ['cashout', 'admin'],
        summary: 'An admin rejects a PENDING cash-out; the coins go back to winWallet',
        description: 'Role ADMIN. { reason }. Records who, when and why. 409 unless PENDING.',
        params: adminCashoutParams,
        body: adminCashoutRejectBody,
        response: {
          200: adminCashoutResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: adminCashoutItem(await rejectCashout(deps, request.params.id, signedInUser(request)._id, request.body.reason)),
    }),
  );
};

export default cashoutRoutes;
