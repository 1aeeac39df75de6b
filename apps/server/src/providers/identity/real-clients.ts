// The real providers, by configuration (ADR 029): Apple's discovery document, and Facebook Login's
// OpenID Connect "manual flow" (code + PKCE at the Graph API's token endpoint, which answers an ID token
// when the scope holds openid). Same openid-client code path as the sandboxes.
import { importPKCS8, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { callbackPath, type IdentityProvider } from './types.ts';

const APPLE_ISSUER = 'https://appleid.apple.com';
/** Facebook's OIDC metadata (its discovery document lists no token endpoint for the manual flow). */
const FACEBOOK_METADATA: oidc.ServerMetadata = {
  issuer: 'https://www.facebook.com',
  authorization_endpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
  token_endpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
  jwks_uri: 'https://www.facebook.com/.well-known/oauth/openid/jwks/',
  id_token_signing_alg_values_supported: ['RS256'],
  code_challenge_methods_supported: ['S256'],
};

/**
 * Apple's client secret is a short-lived ES256 JWT signed with the Sign in with Apple key; a fresh one is
 * made per token request (cheap), so a long-running server never sends an expired one.
 */
function appleClientAuth(config: Config): oidc.ClientAuth {
  const pem = config.APPLE_PRIVATE_KEY!.replace(/\\n/g, '\n');
  const key = importPKCS8(pem, 'ES256');
  // oauth4webapi awaits a client authentication (its type allows a promise); openid-client's says void.
  const authenticate = async (_as: unknown, client: { client_id: string }, body: URLSearchParams): Promise<void> => {
    const now = Math.floor(Date.now() / 1000);
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: config.APPLE_KEY_ID! })
      .setIssuer(config.APPLE_TEAM_ID!)
      .setSubject(client.client_id)
      .setAudience(APPLE_ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(await key);
    body.set('client_id', client.client_id);
    body.set('client_secret', secret);
  };
  return authenticate as unknown as oidc.ClientAuth;
}

function withNonRepudiation(configuration: oidc.Configuration): oidc.Configuration {
  // The ID token's signature is checked against the provider's JWKS, not only trusted for arriving over TLS.
  oidc.enableNonRepudiationChecks(configuration);
  return configuration;
}

export function realApple(config: Config): IdentityProvider {
  let discovered: Promise<oidc.Configuration> | undefined;
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  return {
    provider: 'apple',
    sandbox: false,
    scope: 'openid name email',
    responseMode: 'form_post',
    configuration: () =>
      (discovered ??= oidc
        .discovery(new URL(APPLE_ISSUER), config.APPLE_CLIENT_ID!, {}, appleClientAuth(config))
        .then(withNonRepudiation)
        .catch((err: unknown) => {
          discovered = undefined;
          throw err;
        })),
    redirectUri: () => `${base}${callbackPath('apple')}`,
  };
}

export function realFacebook(config: Config): IdentityProvider {
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  const configuration = withNonRepudiation(
    new oidc.Configuration(FACEBOOK_METADATA, config.FACEBOOK_APP_ID!, {}, oidc.ClientSecretPost(config.FACEBOOK_APP_SECRET!)),
  );
  return {
    provider: 'facebook',
    sandbox: false,
    scope: 'openid email public_profile',
    responseMode: 'query',
    configuration: () => Promise.resolve(configuration),
    redirectUri: () => `${base}${callbackPath('facebook')}`,
  };
}
