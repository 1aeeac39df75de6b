// The admin console's people routes added by ADR 025 (revoke sessions, identity reviews) as the role walk
// (admin-roles.test.ts) makes them: each walk prepares a fresh user in the state its admin request needs.
import type { InjectOptions } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { createShopper } from './checkout.ts';
import { setVerification } from './kyc.ts';

interface Walk {
  prepare(): Promise<InjectOptions>;
}

/** A shopper whose identity check waits for a review (the provider rejected it). */
async function awaitingReview(db: Db): Promise<string> {
  const s = await createShopper(db);
  await setVerification(db, s.id, 'REJECTED');
  return s.id;
}

export function peopleWalks(db: () => Db): Record<string, Walk> {
  return {
    'POST /api/v1/admin/users/{id}/revoke-sessions': {
      prepare: async () => ({ method: 'POST', url: `/api/v1/admin/users/${(await createShopper(db())).id}/revoke-sessions` }),
    },
    'GET /api/v1/admin/identity-reviews': {
      prepare: async () => ({ method: 'GET', url: '/api/v1/admin/identity-reviews?page=1&limit=5' }),
    },
    'POST /api/v1/admin/identity-reviews/{userId}/approve': {
      prepare: async () => ({
        method: 'POST',
        url: `/api/v1/admin/identity-reviews/${await awaitingReview(db())}/approve`,
        payload: { reason: 'Documents checked by hand' },
      }),
    },
    'POST /api/v1/admin/identity-reviews/{userId}/reject': {
      prepare: async () => ({
        method: 'POST',
        url: `/api/v1/admin/identity-reviews/${await awaitingReview(db())}/reject`,
        payload: { reason: 'Photo unreadable' },
      }),
    },
  };
}
