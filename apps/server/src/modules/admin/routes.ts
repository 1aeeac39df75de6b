// The admin console's reads (issue 12): audit log, orders, users, dashboard. Role ADMIN for every route,
// checked when the request arrives (before its input is read): a guest gets 401, a shopper 403, whatever
// they send. Changes are made by the owning modules' admin routes, which write the audit log.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditQuery,
  adminAuditResponse,
  adminDashboardResponse,
  adminOrderDetailResponse,
  adminOrdersQuery,
  adminOrdersResponse,
  adminUserDetailResponse,
  adminUsersQuery,
  adminUsersResponse,
  errorEnvelope,
  idParam,
} from '@store/shared';
import { requireRole, requireSession } from '../../plugins/auth.ts';
import { listAudit } from '../audit/index.ts';
import { dashboard, orderDetail, searchOrders, searchUsers, userDetail } from './service.ts';

const refusals = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const PAGING_DOC = 'page from 1 (at most 10,000), limit 1 to 100 (default 20); newest first; hasMore tells whether a next page exists.';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.get(
    '/v1/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin changes',
        description: `Role ADMIN. ?actor= (an admin's user id), ?action= (e.g. wallet.adjust). ${PAGING_DOC}`,
        querystring: adminAuditQuery,
        response: { 200: adminAuditResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await listAudit(app.db, request.query) }),
  );

  app.get(
    '/v1/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Order search',
        description: `Role ADMIN. ?q= (an order id, an order number such as 100042 or #100042, or the start of the shopper's e-mail), ?userId=, ?state=, ?from= and ?to= (a date or an ISO date-time, bounds of created_at). ${PAGING_DOC}`,
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await searchOrders(app.db, request.query) }),
  );

  app.get(
    '/v1/admin/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order with its lines, payments and ledger entries',
        description: 'Role ADMIN. 404 for an unknown id.',
        params: idParam,
        response: { 200: adminOrderDetailResponse, ...refusals, 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await orderDetail(app.db, request.params.id) }),
  );

  app.get(
    '/v1/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'User search',
        description: `Role ADMIN. ?q= (the start of the e-mail, first name or last name, any case). ${PAGING_DOC}`,
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, ...refusals },
      },
    },
    async (request) => ({ success: true as const, data: await searchUsers(app.db, request.query) }),
  );

  app.get(
    '/v1/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A user: profile, verification record, the three wallets, recent ledger entries',
        description: 'Role ADMIN. The newest 50 ledger entries. 404 for an unknown id.',
        params: idParam,
        response: { 200: adminUserDetailResponse, ...refusals, 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await userDetail(app.db, request.params.id) }),
  );

  app.get(
    '/v1/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sales today and this week, orders by state, what waits for an admin',
        description:
          'Role ADMIN. Sales are paid or fulfilled orders by the time they were paid, in integer cents; today and this week (from Monday) in UTC. pendingIdentityReviews counts the queue of GET v1/admin/identity-reviews.',
        response: { 200: adminDashboardResponse, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async () => ({ success: true as const, data: await dashboard(app.db) }),
  );
};

export default adminRoutes;
