import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, getUserResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { getUser } from './service.ts';

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.get(
    '/v1/getuser',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        description:
          'Profile with wallet balances (coins), the identity verification record (jumio, null if none) and the US states with their region.',
        response: { 200: getUserResponse, 401: errorEnvelope },
      },
    },
    async (request) => getUser(app.db, signedInUser(request)._id),
  );
};

export default userRoutes;
