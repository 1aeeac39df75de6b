import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, getUserWithSocialResponse, messageResponse, US_STATES, type GetUserWithSocialResponse } from '@store/shared';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { socialStateOf } from '../auth/index.ts';
import { sameMachineOnly } from '../../plugins/demo-doors.ts';
import { DEFAULT_USER_SNAPSHOT_OPTIONS, UserSnapshots } from '../../db/user-snapshots.ts';
import { getUser, setProfileState } from './service.ts';
import profileRoutes from './profile-routes.ts';
import avatarRoutes from './avatar-routes.ts';

const usStateCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => US_STATES.some((state) => state.code === code), 'Must be the two-letter code of a US state or DC.');
const profileStateBody = z.strictObject({ state: usStateCode });

const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);

  // getuser's answer per shopper, kept while exact (ADR 064); the session's sign-in provider is added per request.
  const snapshots = new UserSnapshots<Readonly<GetUserWithSocialResponse>>(app.database, {
    ...DEFAULT_USER_SNAPSHOT_OPTIONS,
    onLost: (err) => app.log.warn({ err }, 'getuser answers are read from the database: the change notices connection failed'),
  });
  app.addHook('onClose', () => snapshots.close());
  const loadUser = async (userId: string) => {
    const [profile, social] = await Promise.all([getUser(app.db, userId), socialStateOf(app.db, userId, null)]);
    return Object.freeze({ ...profile, ...social });
  };

  app.get(
    '/v1/getuser',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        description:
          'Profile with wallet balances (coins), the identity verification record (jumio, null if none), the US states with their region, and the SPEC §3 social state: fbData, appleData (the linked identities, null if none) and provider (how this session signed in: facebook, apple or empty).',
        response: { 200: getUserWithSocialResponse, 401: errorEnvelope },
      },
    },
    async (request) => {
      // The session's sign-in provider came with the session itself (the auth plugin's one lookup).
      const { _id: userId, signInProvider } = signedInUser(request);
      const kept = await snapshots.read(userId, () => loadUser(userId));
      return { ...kept, provider: signInProvider ?? ('' as const) };
    },
  );

  // A demo door: mounted only in demo mode (otherwise a plain 404), answering only this machine unless
  // DEMO_REMOTE_ACCESS opens it. A tester (or a browser test) needs a shopper from a state purchases are
  // not allowed from to see what the pay page tells them, in one call (PUT v1/user/profile takes a whole address).
  if (app.config.DEMO_DATA) {
    app.put(
      '/dev/profile-state',
      {
        onRequest: sameMachineOnly(app.config),
        schema: {
          tags: ['dev'],
          summary: "Set the signed-in shopper's profile state (demo)",
          description:
            'Demo mode only (DEMO_DATA), from this machine only unless DEMO_REMOTE_ACCESS; 404 otherwise. Sets the state of the profile address (a two-letter US state code) that decides whether the shopper may pay (GET v1/payment/allowed-providers).',
          body: profileStateBody,
          response: { 200: messageResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
        },
      },
      async (request) => {
        await setProfileState(app.db, signedInUser(request)._id, request.body.state);
        return { success: true as const, message: `Your profile state is now ${request.body.state}.` };
      },
    );
  }
};

/** getuser and the demo door, the profile editor (ADR 019), and the profile picture (public to read). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sessionRoutes);
  await app.register(profileRoutes);
  await app.register(avatarRoutes);
};

export default userRoutes;
