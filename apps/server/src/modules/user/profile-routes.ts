import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmAdultBody, errorEnvelope, getUserResponse, messageResponse, profileUpdateBody } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { confirmAdultAge } from '../auth/index.ts';
import { updateProfile } from './service.ts';

/** The signed-in shopper's own profile (ADR 019): whose it is comes from the session, never from the body. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  app.put(
    '/v1/user/profile',
    {
      schema: {
        tags: ['user'],
        summary: "Edit the signed-in shopper's profile",
        description:
          'First and last name and the whole address (street, city, state, zipCode, country). Country is an ISO 3166-1 alpha-2 code; with US the state is a US state code (GET v1/getuser states) and zipCode a ZIP (12345 or 12345-6789). Text is trimmed and bounded; 400 names the first field refused and changes nothing. Answers as GET v1/getuser does. The next payment or cash-out uses the new state.',
        body: profileUpdateBody,
        response: { 200: getUserResponse, 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (request) => updateProfile(app.db, signedInUser(request)._id, request.body),
  );

  app.post(
    '/v1/user/confirm-adult',
    {
      schema: {
        tags: ['user'],
        summary: 'Confirm being 18 or older',
        description:
          'The signed-in account holder confirms being 18 or older, as the terms require ({ adultConfirmed: true }; anything else is 400 naming adultConfirmed). A password sign-up confirms it on its form; an account a social sign-in made is asked once by the web app. GET v1/getuser then says adultConfirmed: true.',
        body: confirmAdultBody,
        response: { 200: messageResponse, 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (request) => {
      await confirmAdultAge(app.db, signedInUser(request)._id);
      return { success: true as const, message: 'Thank you: your account is confirmed as 18 or older.' };
    },
  );
};

export default profileRoutes;
