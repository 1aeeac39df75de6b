// The sandbox's hosted verification page (outside /api, as Jumio's page would be; ADR 016). A demo door
// like the cashier sandbox: it answers only on the same machine unless DEMO_REMOTE_ACCESS opens it, and
// it is bound to the secret in the URL start answered (?secret=, kept out of the logs by
// lib/log-safety.ts). The store frames it on /kyc-jumio, so frame-ancestors names the store's origins.
// On Submit the sandbox delivers its signed callbacks through the store's real callback route.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sameMachineOnly } from '../../../../plugins/demo-doors.ts';
import { imageProblem, MAX_IMAGE_BYTES } from './images.ts';
import { PAGE_SCRIPT_PATH, pageScript, verificationPage } from './page.ts';
import { SANDBOX_OUTCOMES, type KycSandboxState, type SandboxOutcome } from './sandbox.ts';

export const KYC_CALLBACK_PATH = '/api/v1/kyc/jumio/callback';

const params = z.object({ workflowExecutionId: z.string().uuid() });
/** 32 random bytes, base64url (lib/ids.ts newSecretToken). */
const secretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const submitBody = z.object({
  secret: secretSchema,
  outcome: z.enum(SANDBOX_OUTCOMES),
  document: z.string(),
  selfie: z.string(),
});
const NO_SUCH_PAGE = 'No such identity check, or it has ended.';
/** Two images as base64 data URLs (4/3 of their size) and a little more. */
const SUBMIT_BODY_LIMIT = Math.ceil((2 * MAX_IMAGE_BYTES * 4) / 3) + 16 * 1024;

const ANSWERS: Record<SandboxOutcome, { message: string; final: boolean }> = {
  passed: { message: 'Thank you. Your identity check is complete.', final: true },
  rejected: { message: 'Thank you. The check has ended; the store shows the result.', final: true },
  processing: { message: 'Thank you. Your documents are being checked.', final: false },
  expired: { message: 'This identity check session has expired.', final: true },
};

const kycSandboxPageRoutes: FastifyPluginAsync<{ sandbox: Pick<KycSandboxState, 'findOpen' | 'submit'> }> = async (app, { sandbox }) => {
  app.addHook('onRequest', sameMachineOnly(app.config));
  const storeOrigins = app.config.STORE_ORIGINS.join(' ');
  const csp = `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'none'; frame-ancestors 'self' ${storeOrigins}; base-uri 'none'`;

  app.get(PAGE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(pageScript()),
  );

  app.get('/sandbox/kyc/:workflowExecutionId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const secret = secretSchema.safeParse((request.query as { secret?: unknown } | undefined)?.secret);
    const open = parsed.success && secret.success ? sandbox.findOpen(parsed.data.workflowExecutionId, secret.data) : null;
    if (!parsed.success || !secret.success || !open) return reply.status(404).type('text/plain').send(NO_SUCH_PAGE);
    return reply
      .header('content-security-policy', csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(verificationPage(parsed.data.workflowExecutionId, secret.data, open.status === 'ACQUIRED'));
  });

  app.post('/sandbox/kyc/:workflowExecutionId', { schema: { hide: true }, bodyLimit: SUBMIT_BODY_LIMIT }, async (request, reply) => {
    const parsed = params.safeParse(request.params);
    const body = submitBody.safeParse(request.body);
    if (!parsed.success || !body.success) {
      const secretGiven = secretSchema.safeParse((request.body as { secret?: unknown } | undefined)?.secret).success;
      if (!parsed.success || !secretGiven) return reply.status(404).send({ message: NO_SUCH_PAGE });
      return reply.status(400).send({ message: 'Add a photo of your ID and a selfie, and choose an outcome.' });
    }
    const problem = imageProblem(body.data.document, 'ID photo') ?? imageProblem(body.data.selfie, 'selfie');
    if (problem) return reply.status(400).send({ message: problem });
    // The images end here: checked, never stored.
    const callbacks = sandbox.submit(parsed.data.workflowExecutionId, body.data.secret, body.data.outcome);
    if (!callbacks) return reply.status(404).send({ message: NO_SUCH_PAGE });
    for (const signed of callbacks) {
      // Delivered in-process through the real callback route, signature and all.
      const delivered = await app.inject({
        method: 'POST',
        url: KYC_CALLBACK_PATH,
        headers: { ...signed.headers, 'content-type': 'application/json' },
        payload: signed.body,
      });
      if (delivered.statusCode !== 200)
        request.log.warn(
          { status: delivered.statusCode, workflowExecutionId: parsed.data.workflowExecutionId },
          'kyc sandbox callback was not accepted',
        );
    }
    return reply.header('cache-control', 'no-store').send(ANSWERS[body.data.outcome]);
  });
};

export default kycSandboxPageRoutes;
