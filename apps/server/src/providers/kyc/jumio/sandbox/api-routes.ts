// The sandbox's Jumio services over HTTP (ADR 040), one base path per Jumio host, so the store's real
// Jumio client must send each call where Jumio serves it:
//   {SANDBOX_AUTH_BASE}/oauth2/token                                       (auth.{region}.jumio.ai)
//   {SANDBOX_ACCOUNT_BASE}/api/v1/accounts[/{accountId}]                   (account.{region}.jumio.ai)
//   {SANDBOX_RETRIEVAL_BASE}/api/v1/accounts/{a}/workflow-executions/{w}[/status]  (retrieval.{region}.jumio.ai)
// Anything else under a base is 404, as Jumio's hosts answer (a retrieval sent to the account base
// fails). The client credentials are made per process; every account and retrieval call needs a Bearer
// token the auth base issued and that has not expired (401), and the headers Jumio requires (403).
// Reached in-process by the store (plugin.ts), never framed: the shopper's page is page-routes.ts.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { KycDecision } from '@store/shared';
import { ACCOUNTS_PATH } from '../hosts.ts';
import { SANDBOX_DEFINITION_KEY, type KycSandboxState } from './sandbox.ts';

export const SANDBOX_AUTH_BASE = '/sandbox/jumio/auth';
export const SANDBOX_ACCOUNT_BASE = '/sandbox/jumio/account';
export const SANDBOX_RETRIEVAL_BASE = '/sandbox/jumio/retrieval';

/** Jumio's access tokens live 60 minutes. */
export const SANDBOX_TOKEN_SECONDS = 3600;

export interface SandboxApiOptions {
  state: KycSandboxState;
  clientId: string;
  clientSecret: string;
}

/** The sandbox's risk score (Jumio: 0 to 100, higher is riskier) for each decision it gives. */
const RISK_SCORES: Record<KycDecision, number> = { PASSED: 5, WARNING: 50, REJECTED: 90, NOT_EXECUTED: 0 };

const capability = (type: string, label: string, data?: object) => [
  { id: randomUUID(), decision: { type, details: { label } }, ...(data ? { data } : {}) },
];

/**
 * The capabilities a finished sandbox check reports, as Jumio's workflow details shape them (the ID and
 * Identity Verification workflow): a pass passes every one; a rejection is the document's (imageChecks
 * DIGITAL_COPY), so extraction and dataChecks are not executed (PRECONDITION_NOT_FULFILLED), as Jumio orders them.
 */
function sandboxCapabilities(decision: KycDecision) {
  const rejected = decision !== 'PASSED';
  const expiry = `${new Date().getUTCFullYear() + 4}-06-30`;
  return {
    usability: capability('PASSED', 'OK'),
    imageChecks: rejected ? capability('REJECTED', 'DIGITAL_COPY') : capability('PASSED', 'OK'),
    extraction: rejected
      ? capability('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED')
      : capability('PASSED', 'OK', { type: 'DRIVING_LICENSE', issuingCountry: 'USA', expiryDate: expiry }),
    dataChecks: rejected ? capability('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED') : capability('PASSED', 'OK'),
    liveness: capability('PASSED', 'OK', { type: 'JUMIO_STANDARD' }),
    similarity: capability('PASSED', 'MATCH', { similarity: 'MATCH' }),
  };
}

/** Jumio's account request: customerInternalReference and workflowDefinition.key are required. */
const accountBody = z.object({
  customerInternalReference: z.string().min(1).max(100),
  userReference: z.string().min(1).max(100).optional(),
  reportingCriteria: z.string().max(255).optional(),
  callbackUrl: z.string().url().max(255).optional(),
  tokenLifetime: z.string().optional(),
  workflowDefinition: z.object({ key: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]) }).passthrough(),
});

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const hidden = { hide: true };

export default async function kycSandboxApiRoutes(app: FastifyInstance, { state, clientId, clientSecret }: SandboxApiOptions) {
  const tokens = new Map<string, number>();
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  /** Jumio refuses calls without the headers it requires (403), then anything but a live Bearer token (401). */
  function refused(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
    if (!request.headers['user-agent'] || !request.headers.accept) {
      return reply.status(403).send({ message: 'Forbidden: the User-Agent and Accept headers are required' });
    }
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header);
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) return reply.status(401).send({ message: 'Unauthorized' });
    return null;
  }

  app.post(`${SANDBOX_AUTH_BASE}/oauth2/token`, { schema: hidden }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!sameText(request.headers.authorization ?? '', basic)) return reply.status(401).send({ error: 'invalid_client' });
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    if (form.get('grant_type') !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' });
    const now = Date.now();
    for (const [value, expiresAt] of tokens) if (expiresAt <= now) tokens.delete(value);
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, now + SANDBOX_TOKEN_SECONDS * 1000);
    return { access_token: accessToken, expires_in: SANDBOX_TOKEN_SECONDS, token_type: 'Bearer' };
  });

  async function openExecution(request: FastifyRequest, reply: FastifyReply, accountId: string | null) {
    if (refused(request, reply)) return reply;
    const parsed = accountBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply.status(400).send({ message: `Invalid field '${issue?.path.join('.') || 'body'}': ${issue?.message}` });
    }
    const opened = state.openExecution(parsed.data, accountId);
    if (!opened) return reply.status(404).send({ message: 'Account not found' });
    return {
      timestamp: new Date().toISOString(),
      account: { id: opened.accountId },
      web: { href: opened.webHref },
      sdk: { token: randomBytes(24).toString('base64url') },
      workflowExecution: { id: opened.workflowExecutionId, credentials: [] },
    };
  }

  app.post(`${SANDBOX_ACCOUNT_BASE}${ACCOUNTS_PATH}`, { schema: hidden }, (request, reply) => openExecution(request, reply, null));
  app.put<{ Params: { accountId: string } }>(`${SANDBOX_ACCOUNT_BASE}${ACCOUNTS_PATH}/:accountId`, { schema: hidden }, (request, reply) =>
    openExecution(request, reply, request.params.accountId),
  );

  type ExecutionParams = { Params: { accountId: string; workflowExecutionId: string } };
  const executionRoute = `${SANDBOX_RETRIEVAL_BASE}${ACCOUNTS_PATH}/:accountId/workflow-executions/:workflowExecutionId`;

  app.get<ExecutionParams>(`${executionRoute}/status`, { schema: hidden }, async (request, reply) => {
    if (refused(request, reply)) return reply;
    const execution = state.execution(request.params.accountId, request.params.workflowExecutionId);
    if (!execution) return reply.status(404).send({ message: 'Not found' });
    return {
      account: { id: execution.accountId },
      workflowExecution: { id: execution.id, definitionKey: SANDBOX_DEFINITION_KEY, status: execution.status },
    };
  });

  app.get<ExecutionParams>(executionRoute, { schema: hidden }, async (request, reply) => {
    if (refused(request, reply)) return reply;
    const execution = state.execution(request.params.accountId, request.params.workflowExecutionId);
    if (!execution) return reply.status(404).send({ message: 'Not found' });
    return {
      workflow: {
        id: execution.id,
        status: execution.status,
        definitionKey: SANDBOX_DEFINITION_KEY,
        userReference: execution.userId,
        customerInternalReference: execution.customerInternalReference,
      },
      account: { id: execution.accountId },
      createdAt: new Date(execution.createdAt).toISOString(),
      credentials: [],
      ...(execution.decision
        ? {
            decision: {
              type: execution.decision,
              details: { label: execution.decision },
              risk: { score: RISK_SCORES[execution.decision] },
            },
          }
        : {}),
      ...(execution.status === 'PROCESSED' && execution.decision ? { capabilities: sandboxCapabilities(execution.decision) } : {}),
    };
  });

  // Each base answers only its own service: anything else there is Jumio's 404 (not the web app's page).
  for (const base of [SANDBOX_AUTH_BASE, SANDBOX_ACCOUNT_BASE, SANDBOX_RETRIEVAL_BASE]) {
    app.all(`${base}/*`, { schema: hidden }, async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
  }
}
