// The sandbox identity providers' HTTP side (ADR 029), under /sandbox/idp/{apple|facebook}: discovery,
// JWKS and the token endpoint (reached by the store's openid-client in-process), and the authorize
// endpoint with its consent page, a demo door (demo mode, this machine only unless DEMO_REMOTE_ACCESS):
// whoever reaches it may claim any e-mail as verified.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sameMachineOnly } from '../../../plugins/demo-doors.ts';
import { callbackPath, type SocialProvider } from '../types.ts';
import { SANDBOX_FAULTS, s256, type SandboxIdp } from './idp.ts';
import { consentPage, errorPage, formPostPage, type AuthorizeParams } from './pages.ts';

export const sandboxIssuerPath = (provider: SocialProvider) => `/sandbox/idp/${provider}`;

export interface SandboxRoutesOptions {
  idp: SandboxIdp;
  /** The origins the store may be opened at: the only places a callback may be. */
  storeOrigins: string[];
  browserOrigin(host: string | undefined): string;
}

const authorizeQuery = z.object({
  response_type: z.literal('code'),
  client_id: z.string(),
  redirect_uri: z.string(),
  scope: z.string().refine((s) => s.split(' ').includes('openid'), 'scope must include openid'),
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code_challenge_method: z.literal('S256'),
  response_mode: z.enum(['query', 'form_post']).default('query'),
});

const consentBody = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  response_mode: z.enum(['query', 'form_post']),
  scope: z.string(),
  decision: z.enum(['allow', 'deny']),
  name: z.string().trim().max(100).default(''),
  email: z.string().trim().toLowerCase().max(200).default(''),
  email_verified: z.literal('true').optional(),
  hide_email: z.literal('true').optional(),
  fault: z.enum(SANDBOX_FAULTS).default('none'),
});

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function tokenError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

export default async function sandboxIdpRoutes(app: FastifyInstance, { idp, storeOrigins, browserOrigin }: SandboxRoutesOptions) {
  const prefix = sandboxIssuerPath(idp.provider);
  const issuerFor = (host: string | undefined) => `${browserOrigin(host)}${prefix}`;
  const allowedRedirects = new Set(storeOrigins.map((origin) => `${origin}${callbackPath(idp.provider)}`));
  const demoDoor = sameMachineOnly(app.config);
  // The provider's pages and endpoints, not the store's API: kept out of /api/docs.
  const hidden = { hide: true };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(`${prefix}/.well-known/openid-configuration`, { schema: hidden }, async (request) => {
    const issuer = issuerFor(request.headers.host);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'form_post'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
      scopes_supported: ['openid', 'email', 'name', 'public_profile'],
    };
  });

  app.get(`${prefix}/jwks`, { schema: hidden }, async () => idp.jwks());

  /** A request the sandbox cannot answer is never sent back to an unchecked redirect_uri. */
  const checkClient = (clientId: string, redirectUri: string): string | null => {
    if (clientId !== idp.clientId) return `Unknown client_id. This sandbox serves ${idp.clientId} only.`;
    if (!allowedRedirects.has(redirectUri)) return 'This redirect_uri is not registered for the store.';
    return null;
  };

  app.get(`${prefix}/authorize`, { onRequest: demoDoor, schema: hidden }, async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply
        .status(400)
        .type('text/html')
        .send(errorPage(`Bad ${issue?.path.join('.')}: ${issue?.message}`));
    }
    const q = parsed.data;
    const problem = checkClient(q.client_id, q.redirect_uri);
    if (problem) return reply.status(400).type('text/html').send(errorPage(problem));
    const params: AuthorizeParams = {
      client_id: q.client_id,
      redirect_uri: q.redirect_uri,
      state: q.state,
      nonce: q.nonce,
      code_challenge: q.code_challenge,
      response_mode: q.response_mode,
      scope: q.scope,
    };
    return reply.type('text/html').header('cache-control', 'no-store').send(consentPage(idp.provider, params));
  });

  app.post(`${prefix}/authorize`, { onRequest: demoDoor, schema: hidden }, async (request, reply) => {
    const parsed = consentBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply
        .status(400)
        .type('text/html')
        .send(errorPage(`Bad ${issue?.path.join('.')}: ${issue?.message}`));
    }
    const b = parsed.data;
    const problem = checkClient(b.client_id, b.redirect_uri);
    if (problem) return reply.status(400).type('text/html').send(errorPage(problem));
    let answer: Record<string, string>;
    if (b.decision === 'deny') {
      answer = { error: 'access_denied', error_description: 'The user cancelled the sign-in.', state: b.state };
    } else {
      if (!z.string().email().safeParse(b.email).success)
        return reply.status(400).type('text/html').send(errorPage('Type a valid e-mail.'));
      const code = idp.issueCode({
        clientId: b.client_id,
        redirectUri: b.redirect_uri,
        codeChallenge: b.code_challenge,
        nonce: b.nonce,
        issuer: issuerFor(request.headers.host),
        identity: {
          name: b.name || 'Sandbox Tester',
          email: b.email,
          emailVerified: b.email_verified === 'true',
          hideEmail: b.hide_email === 'true',
          fault: b.fault,
        },
      });
      answer = { code, state: b.state };
      // Apple sends the name once, beside the code, as a JSON "user" field.
      if (idp.provider === 'apple' && b.response_mode === 'form_post') {
        const [firstName = '', ...rest] = (b.name || 'Sandbox Tester').split(' ');
        answer.user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: b.email });
      }
    }
    if (b.response_mode === 'form_post') {
      const page = formPostPage(b.redirect_uri, answer);
      return reply.type('text/html').header('content-security-policy', page.csp).header('cache-control', 'no-store').send(page.html);
    }
    const target = new URL(b.redirect_uri);
    for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
    return reply.redirect(target.toString(), 303);
  });

  app.post(`${prefix}/token`, { schema: hidden }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.grant_type !== 'authorization_code') return tokenError(reply, 400, 'unsupported_grant_type', 'Only authorization_code.');
    if (body.client_id !== idp.clientId || !sameSecret(body.client_secret ?? '', idp.clientSecret)) {
      return tokenError(reply, 401, 'invalid_client', 'Unknown client or wrong client_secret.');
    }
    const issued = body.code ? idp.takeCode(body.code) : null;
    if (!issued || issued.clientId !== body.client_id) return tokenError(reply, 400, 'invalid_grant', 'Unknown, used or expired code.');
    if (issued.redirectUri !== body.redirect_uri)
      return tokenError(reply, 400, 'invalid_grant', 'redirect_uri differs from the authorize request.');
    if (!body.code_verifier || s256(body.code_verifier) !== issued.codeChallenge) {
      return tokenError(reply, 400, 'invalid_grant', 'PKCE code_verifier does not match the code_challenge.');
    }
    return reply.header('cache-control', 'no-store').send({
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 600,
      id_token: await idp.idToken(issued),
    });
  });
}
