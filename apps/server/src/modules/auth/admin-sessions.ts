// An admin ends every session of a user at once (issue 12, ADR 025): a stolen token, a shared computer,
// an account under investigation. Sessions are this module's table, so the route lives here; the change
// is audited in its own transaction like every admin change.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRevokeSessionsResponse, errorEnvelope, idParam, type AdminRevokeSessionsResult } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { notFound } from '@store/server-kit';
import type { Live } from '../../plugins/live.ts';
import { requireRole, requireSession, signedInUser } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * Revokes the user's live sessions; their next call answers 401. Their live sockets, in every namespace and
 * on every instance, are closed after the commit and before the answer (ADR 030).
 */
export async function revokeUserSessions(
  deps: { db: Db; live: Pick<Live, 'endUser'> },
  adminId: string,
  userId: string,
): Promise<AdminRevokeSessionsResult> {
  const result = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('No user with this id.');
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`))
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'user.revoke-sessions',
      targetType: 'user',
      targetId: userId,
      before: { liveSessions: revoked.length },
      after: { liveSessions: 0 },
    });
    return { userId, revokedSessions: revoked.length };
  });
  await deps.live.endUser(userId);
  return result;
}

export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  app.addHook('onRequest', requireRole('ADMIN'));

  app.post(
    '/v1/admin/users/:id/revoke-sessions',
    {
      schema: {
        tags: ['auth', 'admin'],
        summary: 'An admin ends every live session of a user',
        description:
          'Role ADMIN. No body. Every live session of the user is revoked (their next call answers 401) and their live connections close; written to the audit log (user.revoke-sessions). An admin revoking their own sessions signs themselves out too. 404 for an unknown id.',
        params: idParam,
        response: { 200: adminRevokeSessionsResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const adminId = signedInUser(request)._id;
      const data = await revokeUserSessions({ db: app.db, live: app.live }, adminId, request.params.id);
      request.log.info({ adminId, userId: data.userId, revoked: data.revokedSessions }, 'sessions revoked by an admin');
      return { success: true as const, data };
    },
  );
};
