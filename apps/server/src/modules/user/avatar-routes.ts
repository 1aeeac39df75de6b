import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, avatarFileParam, errorEnvelope, getUserResponse } from '@store/shared';
import { refuseLargerThan } from '../../lib/body-size.ts';
import { notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { requireSession, signedInUser } from '../../plugins/auth.ts';
import { findAvatar, removeAvatar, replaceAvatar } from './service.ts';

// The profile picture (ADR 019). The upload is the image itself as the request body (no multipart: one
// file, no other fields), read up to AVATAR_MAX_BYTES whatever Content-Type it declares: what it is
// comes from its bytes (avatar-image.ts).

const UPLOAD_DESCRIPTION = `The picture itself as the body (PNG, JPEG or WebP, told from its bytes; at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB, 413 above; 415 for any other type, 400 for one that cannot be read). Stored as a ${AVATAR_SIZE}×${AVATAR_SIZE} WebP without metadata; the profile's image is then its URL. Answers as GET v1/getuser does.`;

/** Uploads a shopper may make a minute: each is decoded and re-encoded, the work of the whole server's CPU. */
export const AVATAR_UPLOADS_PER_MINUTE = 20;
export const AVATAR_UPLOADS_LIMITED_MESSAGE = 'Too many pictures in a short time. Please wait a minute and try again.';

export const AVATAR_TOO_LARGE_MESSAGE = `This picture is over ${AVATAR_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`;

/** A year: the URL names the content (a new picture gets a new URL), so a copy never goes stale. */
const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Upload and removal, for the signed-in shopper's own picture. */
const avatarUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  // This context only: any body is read as bytes (JSON included), up to the picture's limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));
  // A picture over the limit by its Content-Length: 413 before it is read, the rest drained so the
  // browser reads the answer (lib/body-size.ts). One sent without a length is cut off by the parser's limit.
  app.addHook('preParsing', refuseLargerThan(AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, 'image'));

  app.post(
    '/v1/user/avatar',
    {
      config: {
        // Counted per shopper at onRequest, after the session check and before the body is read.
        rateLimit: {
          max: AVATAR_UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => `avatar|${request.user?._id ?? request.ip}`,
          errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', AVATAR_UPLOADS_LIMITED_MESSAGE),
        },
      },
      schema: {
        tags: ['user'],
        summary: "Upload the signed-in shopper's profile picture",
        description: UPLOAD_DESCRIPTION,
        body: z.instanceof(Buffer).optional(),
        response: {
          200: getUserResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => {
      const upload = request.body;
      if (!upload?.length) throw new AppError(400, 'IMAGE_REQUIRED', 'Choose a picture to upload.', 'image');
      return replaceAvatar(app.db, signedInUser(request)._id, upload);
    },
  );

  app.delete(
    '/v1/user/avatar',
    {
      schema: {
        tags: ['user'],
        summary: "Remove the signed-in shopper's profile picture",
        description: 'The profile goes back to the default avatar (image null). Answers as GET v1/getuser does.',
        response: { 200: getUserResponse, 401: errorEnvelope },
      },
    },
    async (request) => removeAvatar(app.db, signedInUser(request)._id),
  );
};

/** The stored pictures, public like any image of the site (an <img> sends no session). */
const avatarFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/user/avatar/:file',
    {
      schema: {
        tags: ['user'],
        summary: 'A profile picture',
        description: `A stored profile picture (${AVATAR_SIZE}×${AVATAR_SIZE} WebP) at the URL a profile's image names; cached for a year (the URL changes with the picture).`,
        params: avatarFileParam,
      },
    },
    async (request, reply) => {
      const avatar = await findAvatar(app.db, request.params.file.replace(/\.webp$/, ''));
      if (!avatar) throw notFound('No such picture.');
      return reply
        .type(avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', AVATAR_CACHE_CONTROL)
        .send(avatar.bytes);
    },
  );
};

const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(avatarUploadRoutes);
  await app.register(avatarFileRoutes);
};

export default avatarRoutes;
