// The live chat's admin routes (ADR 027) as the role walk (admin-roles.test.ts) makes them: each walk opens
// a fresh conversation (a new shopper writes), so assign, answer and close find it open and unassigned.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { as, createShopper } from './checkout.ts';

interface Walk {
  prepare(): Promise<InjectOptions>;
}

/** A new shopper's first message: the id of the open, unassigned conversation it opened. */
export async function openConversation(app: FastifyInstance, db: Db): Promise<string> {
  const shopper = await createShopper(db);
  const res = await as(app, shopper, { method: 'POST', url: '/api/v1/chat/messages', payload: { text: 'Hello, anyone there?' } });
  if (res.statusCode !== 200) throw new Error(`chat message refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { conversation: { id: string } } }).data.conversation.id;
}

export function chatWalks(scene: () => { app: FastifyInstance; db: Db }): Record<string, Walk> {
  const chat = async (suffix = '') => `/api/v1/admin/chats/${await openConversation(scene().app, scene().db)}${suffix}`;
  return {
    'GET /api/v1/admin/chats': {
      prepare: async () => ({ method: 'GET', url: '/api/v1/admin/chats?status=open&assigned=any&page=1&limit=5' }),
    },
    'GET /api/v1/admin/chats/{id}': { prepare: async () => ({ method: 'GET', url: await chat() }) },
    'POST /api/v1/admin/chats/{id}/assign': { prepare: async () => ({ method: 'POST', url: await chat('/assign') }) },
    'POST /api/v1/admin/chats/{id}/answer': {
      prepare: async () => ({ method: 'POST', url: await chat('/answer'), payload: { text: 'We are here to help.' } }),
    },
    'POST /api/v1/admin/chats/{id}/close': { prepare: async () => ({ method: 'POST', url: await chat('/close') }) },
    'POST /api/v1/admin/chats/{id}/read': { prepare: async () => ({ method: 'POST', url: await chat('/read') }) },
    'POST /api/v1/admin/chats/{id}/typing': { prepare: async () => ({ method: 'POST', url: await chat('/typing') }) },
  };
}
