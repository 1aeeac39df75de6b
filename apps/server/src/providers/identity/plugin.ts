// The identity providers of social sign-in (ADR 029): Apple with APPLE_CLIENT_ID, Facebook with
// FACEBOOK_APP_ID, else each one's built-in sandbox, served by this server under /sandbox/idp/ in demo
// mode only (outside demo mode a provider without credentials is simply not offered).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { ConfigError, type Config } from '../../config.ts';
import { realApple, realFacebook } from './real-clients.ts';
import { createSandboxIdp, type SandboxIdp } from './sandbox/idp.ts';
import sandboxIdpRoutes, { sandboxIssuerPath } from './sandbox/routes.ts';
import { callbackPath, type IdentityProvider, type IdentityProviders, type SocialProvider } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identityProviders: IdentityProviders;
    /** The sandboxes in use (tests read their client ids); empty with real credentials everywhere. */
    identitySandboxes: Partial<Record<SocialProvider, SandboxIdp>>;
  }
}

function checkCredentials(config: Config): void {
  const apple = [config.APPLE_CLIENT_ID, config.APPLE_TEAM_ID, config.APPLE_KEY_ID, config.APPLE_PRIVATE_KEY];
  if (apple.some(Boolean) && !apple.every(Boolean)) {
    throw new ConfigError('Sign in with Apple needs all of APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY.');
  }
  if (Boolean(config.FACEBOOK_APP_ID) !== Boolean(config.FACEBOOK_APP_SECRET)) {
    throw new ConfigError('Facebook Login needs both FACEBOOK_APP_ID and FACEBOOK_APP_SECRET.');
  }
}

/**
 * The store's openid-client talks to its own sandbox in-process (app.inject): no port to know, and the
 * same discovery, token and JWKS requests as to a real provider.
 */
function inProcessFetch(app: FastifyInstance): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries());
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

function sandboxProvider(app: FastifyInstance, idp: SandboxIdp): IdentityProvider {
  const byOrigin = new Map<string, Promise<oidc.Configuration>>();
  return {
    provider: idp.provider,
    sandbox: true,
    scope: idp.provider === 'apple' ? 'openid name email' : 'openid email public_profile',
    responseMode: idp.provider === 'apple' ? 'form_post' : 'query',
    configuration(origin) {
      let found = byOrigin.get(origin);
      if (!found) {
        found = oidc.discovery(
          new URL(`${origin}${sandboxIssuerPath(idp.provider)}`),
          idp.clientId,
          {},
          oidc.ClientSecretPost(idp.clientSecret),
          {
            [oidc.customFetch]: inProcessFetch(app),
            // The sandbox speaks plain http on loopback; the ID token's signature is still checked (JWKS).
            execute: [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks],
          },
        );
        found.catch(() => byOrigin.delete(origin));
        byOrigin.set(origin, found);
      }
      return found;
    },
    redirectUri: (origin) => `${origin}${callbackPath(idp.provider)}`,
  };
}

export default fp(
  async (app) => {
    const { config } = app;
    checkCredentials(config);
    const publicOrigin = new URL(config.PUBLIC_URL).origin;
    // Without PUBLIC_URL the store answers at both loopback names: the browser comes back where it started.
    const browserOrigin = (host: string | undefined) => {
      if (config.BROWSER_BASE) return publicOrigin;
      const candidate = host ? `http://${host}` : '';
      return config.STORE_ORIGINS.includes(candidate) ? candidate : publicOrigin;
    };
    const providers: Partial<Record<SocialProvider, IdentityProvider>> = {};
    const sandboxes: Partial<Record<SocialProvider, SandboxIdp>> = {};
    if (config.APPLE_CLIENT_ID) providers.apple = realApple(config);
    if (config.FACEBOOK_APP_ID) providers.facebook = realFacebook(config);
    if (config.DEMO_DATA) {
      for (const provider of ['apple', 'facebook'] as const) {
        if (providers[provider]) continue;
        const idp = await createSandboxIdp(provider);
        sandboxes[provider] = idp;
        providers[provider] = sandboxProvider(app, idp);
        await app.register(sandboxIdpRoutes, { idp, storeOrigins: config.STORE_ORIGINS, browserOrigin });
      }
    }
    app.decorate('identitySandboxes', sandboxes);
    app.decorate('identityProviders', { get: (provider) => providers[provider] ?? null, browserOrigin });
  },
  { name: 'identity-providers' },
);
