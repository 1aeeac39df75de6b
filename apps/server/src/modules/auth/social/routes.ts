// Social sign-in routes (ADR 029). The browser-facing steps (start, callback) answer redirects: to the
// provider, to the landing page with a one-time code in the fragment, or back to /login with
// ?social_error=<code>. The web trades the code for a session by POST; no session token is in a URL.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  errorEnvelope,
  loginResponse,
  signInMethodsResponse,
  socialExchangeBody,
  socialLinkBody,
  socialLinkResponse,
  socialProvider,
  socialStartQuery,
} from '@store/shared';
import { AppError } from '../../../lib/errors.ts';
import { safeError } from '../../../lib/log-safety.ts';
import { requireSession, signedInUser } from '../../../plugins/auth.ts';
import { failures } from '../schemas.ts';
import {
  exchangeHandoff,
  finishLink,
  finishSignIn,
  signInMethods,
  SocialSignInError,
  startSignIn,
  unlinkProvider,
  type CallbackParams,
  type SocialDeps,
} from './service.ts';

const tags = ['auth'];
const providerParams = z.strictObject({ provider: socialProvider });
/** The provider's answer: its fields, not ours (form_post adds Apple's "user"); anything else is ignored. */
const callbackFields = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  user: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
});

/** The landing page's path: SocialLoginPage in the web (features/auth). */
export const SOCIAL_LANDING_PATH = '/social-login';
/** Where a link started from the profile comes back to (ProfilePage in the web, features/profile). */
export const LINK_LANDING_PATH = '/profile';

const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SocialDeps => ({ db: app.db, config: app.config, providers: app.identityProviders, log: app.log });
  const base = app.config.BROWSER_BASE;

  const backToLogin = (reply: FastifyReply, err: unknown) => {
    const code = err instanceof SocialSignInError ? err.code : 'failed';
    if (!(err instanceof SocialSignInError)) app.log.error({ err: safeError(err) }, 'social sign-in failed');
    const back =
      err instanceof SocialSignInError && err.forLink ? `${LINK_LANDING_PATH}?link_error=${code}` : `/login?social_error=${code}`;
    return reply.header('cache-control', 'no-store').redirect(`${base}${back}`, 303);
  };

  app.get(
    '/v1/auth/:provider/start',
    {
      schema: {
        tags,
        summary: 'Start signing in with Apple or Facebook',
        description:
          "Redirects (302) to the provider's authorize page with state, nonce and a PKCE S256 challenge (kept server-side for 10 minutes, single use). binding: base64url(sha256(secret)) of a secret the browser keeps for POST v1/auth/social/exchange. A provider that is not available sends the browser back to /login?social_error=unavailable.",
        params: providerParams,
        querystring: socialStartQuery,
      },
    },
    async (request, reply) => {
      try {
        const origin = app.identityProviders.browserOrigin(request.headers.host);
        const url = await startSignIn(deps(), request.params.provider, origin, request.query.binding);
        return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
      } catch (err) {
        return backToLogin(reply, err);
      }
    },
  );

  const finish = async (provider: 'apple' | 'facebook', input: unknown, reply: FastifyReply) => {
    const parsed = callbackFields.safeParse(input ?? {});
    try {
      if (!parsed.success) throw new SocialSignInError('state', 'malformed callback');
      const outcome = await finishSignIn(deps(), provider, parsed.data as CallbackParams);
      // In the fragment: never sent to a server, never in a Referer; used once, within two minutes.
      const landing =
        outcome.kind === 'link'
          ? `${LINK_LANDING_PATH}#link=${outcome.code}&provider=${provider}`
          : `${SOCIAL_LANDING_PATH}#code=${outcome.code}`;
      return reply.header('cache-control', 'no-store').redirect(`${base}${landing}`, 303);
    } catch (err) {
      return backToLogin(reply, err);
    }
  };

  const callbackDescription =
    'Where the provider sends the browser back (Facebook: GET with the answer in the query; Apple: form_post). The code is exchanged and the ID token verified (JWKS signature, iss, aud, exp, nonce); the browser goes on to /social-login#code=<one-time code>, or back to /login?social_error=<code> with no session.';

  app.get(
    '/v1/auth/:provider/callback',
    {
      config: { externalInput: true },
      schema: { tags, summary: 'Provider callback (query)', description: callbackDescription, params: providerParams },
    },
    async (request, reply) => finish(request.params.provider, request.query, reply),
  );

  // Apple's form_post: a cross-site POST of application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    '/v1/auth/:provider/callback',
    {
      config: { externalInput: true },
      schema: { tags, summary: 'Provider callback (form_post)', description: callbackDescription, params: providerParams },
    },
    async (request, reply) => finish(request.params.provider, request.body, reply),
  );

  app.post(
    '/v1/auth/social/exchange',
    {
      schema: {
        tags,
        summary: 'Finish a social sign-in',
        description:
          "Trades the landing page's one-time code (2 minutes, single use) and the binding secret of the browser that started the sign-in for a session. Same answer as login. Used, expired, unknown or another browser's: 400 SOCIAL_SIGN_IN_INVALID.",
        body: socialExchangeBody,
        response: { 200: loginResponse, ...failures(400, 429) },
      },
    },
    async (request) => {
      const data = await exchangeHandoff(deps(), request.body.code, request.body.verifier, request.ip);
      return { success: true as const, data };
    },
  );

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    requireSession(signedIn);
    signedIn.get(
      '/v1/auth/providers',
      {
        schema: {
          tags,
          summary: 'Ways to sign in',
          description: 'Whether the account has a password, and the linked Apple / Facebook identities.',
          response: { 200: signInMethodsResponse, ...failures(401) },
        },
      },
      async (request) => ({ success: true as const, data: await signInMethods(app.db, signedInUser(request)._id) }),
    );
    signedIn.delete(
      '/v1/auth/providers/:provider',
      {
        schema: {
          tags,
          summary: 'Unlink Apple or Facebook',
          description:
            'Allowed only while another way to sign in remains (a password or the other provider): otherwise 409 LAST_SIGN_IN_METHOD. Not linked: 404.',
          params: providerParams,
          response: { 200: signInMethodsResponse, ...failures(401, 404), 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: await unlinkProvider(app.db, signedInUser(request)._id, request.params.provider),
      }),
    );
    signedIn.post(
      '/v1/auth/providers/:provider/link',
      {
        schema: {
          tags,
          summary: 'Start linking Apple or Facebook to this account',
          description:
            "The provider's authorize URL for the browser to go to (state, nonce and PKCE kept server-side for 10 minutes, single use), as a sign-in's start, but for the signed-in user. The provider sends the browser back to /profile#link=<one-time code>&provider=<provider>, where the page finishes with POST v1/auth/providers/{provider}/link/finish; a failure comes back as /profile?link_error=<code>. A provider that is not available: 503 PROVIDER_UNAVAILABLE.",
          params: providerParams,
          body: socialLinkBody,
          response: { 200: socialLinkResponse, ...failures(400, 401), 503: errorEnvelope },
        },
      },
      async (request) => {
        const origin = app.identityProviders.browserOrigin(request.headers.host);
        try {
          const url = await startSignIn(deps(), request.params.provider, origin, request.body.binding, signedInUser(request)._id);
          return { success: true as const, data: { url: url.toString() } };
        } catch (err) {
          if (err instanceof SocialSignInError && err.code === 'unavailable')
            throw new AppError(503, 'PROVIDER_UNAVAILABLE', 'That provider is not available right now. Nothing was linked.');
          throw err;
        }
      },
    );
    signedIn.post(
      '/v1/auth/providers/:provider/link/finish',
      {
        schema: {
          tags,
          summary: 'Finish linking Apple or Facebook',
          description:
            "Trades the profile page's one-time code (2 minutes, single use) and the binding secret of the browser that started the link, for the user who started it, for the link. Used, expired, unknown, another browser's or another user's: 400 SOCIAL_LINK_INVALID. The identity signs in to another account: 409 IDENTITY_IN_USE. This account is linked to another identity at the provider: 409 ALREADY_LINKED.",
          params: providerParams,
          body: socialExchangeBody,
          response: { 200: signInMethodsResponse, ...failures(400, 401), 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        data: await finishLink(app.db, signedInUser(request)._id, request.params.provider, request.body.code, request.body.verifier),
      }),
    );
  };
  await app.register(signedInRoutes);
};

export default socialRoutes;
