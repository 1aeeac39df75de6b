// The identity-verification provider (ADR 016, ADR 040): the real Jumio client, talking to Jumio's KYX
// platform with JUMIO_API_TOKEN, else to the built-in sandbox, which this server serves itself: its
// services under /sandbox/jumio/{auth,account,retrieval}/ (reached in-process, one base per Jumio host)
// and its hosted page under /sandbox/kyc/.
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ConfigError, type Config } from '../../../config.ts';
import { createJumioClient } from './client.ts';
import { jumioEndpoints, type JumioEndpoints } from './hosts.ts';
import kycSandboxApiRoutes, { SANDBOX_ACCOUNT_BASE, SANDBOX_AUTH_BASE, SANDBOX_RETRIEVAL_BASE } from './sandbox/api-routes.ts';
import kycSandboxPageRoutes, { KYC_CALLBACK_PATH } from './sandbox/page-routes.ts';
import { createKycSandbox, type KycSandbox } from './sandbox/sandbox.ts';
import type { KycProvider } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Jumio with JUMIO_API_TOKEN, else the sandbox (KycSandbox). */
    kycProvider: KycProvider;
  }
}

/** Jumio's three hosts: each variable when set, else the region's published host. */
export function configuredJumioEndpoints(config: Config): JumioEndpoints {
  const defaults = jumioEndpoints(config.JUMIO_REGION);
  return {
    authUrl: config.JUMIO_AUTH_URL ?? defaults.authUrl,
    accountUrl: config.JUMIO_ACCOUNT_URL ?? defaults.accountUrl,
    retrievalUrl: config.JUMIO_RETRIEVAL_URL ?? defaults.retrievalUrl,
  };
}

/** The sandbox's services, reached in-process (app.inject): no port to know, every hook a real call meets. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST' | 'PUT',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      payload: init?.body === undefined || init.body === null ? undefined : String(init.body),
    });
    return new Response(res.rawPayload, { status: res.statusCode, headers: res.headers as Record<string, string> });
  };
}

export default fp(
  async (app) => {
    const { config } = app;
    const callbackUrl = `${config.PUBLIC_URL.replace(/\/+$/, '')}${KYC_CALLBACK_PATH}`;
    const common = {
      callbackUrl,
      workflowKey: config.JUMIO_WORKFLOW_KEY,
      userAgent: config.JUMIO_USER_AGENT,
      timeoutMs: config.JUMIO_TIMEOUT_MS,
    };
    if (config.JUMIO_API_TOKEN) {
      if (!config.JUMIO_API_SECRET) throw new ConfigError('JUMIO_API_TOKEN needs JUMIO_API_SECRET.');
      app.decorate(
        'kycProvider',
        createJumioClient({
          ...configuredJumioEndpoints(config),
          clientId: config.JUMIO_API_TOKEN,
          clientSecret: config.JUMIO_API_SECRET,
          callbackSecret: config.JUMIO_CALLBACK_SECRET,
          callbackAllowedIps: config.JUMIO_CALLBACK_ALLOWED_IPS,
          ...common,
        }),
      );
      return;
    }
    const callbackSecret = config.JUMIO_CALLBACK_SECRET ?? randomBytes(32).toString('hex');
    const state = createKycSandbox({ callbackSecret, browserBase: config.BROWSER_BASE });
    // Per process: the sandbox only ever talks to this store.
    const clientId = `sandbox-${randomBytes(8).toString('hex')}`;
    const clientSecret = randomBytes(32).toString('base64url');
    await app.register(kycSandboxApiRoutes, { state, clientId, clientSecret });
    // Any origin does for an in-process call; loopback says where it goes.
    const origin = 'http://127.0.0.1';
    const client = createJumioClient({
      authUrl: `${origin}${SANDBOX_AUTH_BASE}/oauth2/token`,
      accountUrl: `${origin}${SANDBOX_ACCOUNT_BASE}`,
      retrievalUrl: `${origin}${SANDBOX_RETRIEVAL_BASE}`,
      clientId,
      clientSecret,
      callbackSecret,
      fetch: inProcessFetch(app),
      ...common,
    });
    const sandbox: KycSandbox = { ...client, name: 'sandbox', findOpen: state.findOpen, submit: state.submit };
    app.decorate('kycProvider', sandbox);
    await app.register(kycSandboxPageRoutes, { sandbox: state });
  },
  { name: 'kyc-provider' },
);
