// The identity-verification provider (ADR 016): Jumio's KYX platform with JUMIO_API_TOKEN, else the
// built-in sandbox (its hosted page is served by this server under /sandbox/kyc/).
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { ConfigError } from '../../../config.ts';
import { createJumioClient } from './client.ts';
import kycSandboxPageRoutes, { KYC_CALLBACK_PATH } from './sandbox/page-routes.ts';
import { createKycSandbox } from './sandbox/sandbox.ts';
import type { KycProvider } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Jumio with JUMIO_API_TOKEN, else the sandbox. */
    kycProvider: KycProvider;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    if (config.JUMIO_API_TOKEN) {
      if (!config.JUMIO_API_SECRET) throw new ConfigError('JUMIO_API_TOKEN needs JUMIO_API_SECRET.');
      app.decorate(
        'kycProvider',
        createJumioClient({
          apiUrl: config.JUMIO_API_URL,
          authUrl: config.JUMIO_AUTH_URL,
          clientId: config.JUMIO_API_TOKEN,
          clientSecret: config.JUMIO_API_SECRET,
          callbackSecret: config.JUMIO_CALLBACK_SECRET,
          callbackUrl: `${config.PUBLIC_URL.replace(/\/+$/, '')}${KYC_CALLBACK_PATH}`,
          workflowKey: config.JUMIO_WORKFLOW_KEY,
          timeoutMs: config.JUMIO_TIMEOUT_MS,
        }),
      );
      return;
    }
    const sandbox = createKycSandbox({
      callbackSecret: config.JUMIO_CALLBACK_SECRET ?? randomBytes(32).toString('hex'),
      browserBase: config.BROWSER_BASE,
    });
    app.decorate('kycProvider', sandbox);
    await app.register(kycSandboxPageRoutes, { sandbox });
  },
  { name: 'kyc-provider' },
);
