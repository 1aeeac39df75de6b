// The real client of Jumio's KYX platform (ADR 016), chosen by JUMIO_API_TOKEN. Plain fetch: Jumio has
// no official Node SDK. Every call has a timeout; any failure is a KycProviderError (502 at the route).
//   token:     POST {authUrl} (client credentials, Basic clientId:clientSecret) -> access_token, expires_in
//   create:    POST /api/v1/accounts, or PUT /api/v1/accounts/{accountId} for a shopper seen before,
//              with workflowDefinition.key -> account.id, workflowExecution.id, web.href
//   retrieval: GET /api/v1/accounts/{accountId}/workflow-executions/{id} -> workflow.status, decision.type
import { z } from 'zod';
import { KYC_DECISIONS } from '@store/shared';
import { verifyCallbackSignature } from './signature.ts';
import {
  KycProviderError,
  type CreatedVerification,
  type CreateVerificationInput,
  type KycProvider,
  type WorkflowExecution,
} from './types.ts';

export interface JumioClientOptions {
  /** Account API base, e.g. https://account.amer-1.jumio.ai */
  apiUrl: string;
  /** OAuth2 token endpoint, e.g. https://auth.amer-1.jumio.io/oauth2/token */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * With a relay in front of the store that signs Jumio's callbacks: the callbacks must carry its
   * signature. Unset: Jumio's own callbacks are taken unsigned, as Jumio sends them; a callback only
   * makes the store ask Jumio's API (the kyc module never believes a callback's body), so a forged one
   * changes nothing.
   */
  callbackSecret?: string;
  /** Where Jumio sends its callbacks: {PUBLIC_URL}/api/v1/kyc/jumio/callback */
  callbackUrl: string;
  workflowKey: number;
  timeoutMs: number;
}

const tokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().positive().optional() });
const createAnswer = z.object({
  account: z.object({ id: z.string().min(1) }),
  web: z.object({ href: z.string().url() }),
  workflowExecution: z.object({ id: z.string().min(1) }),
});
const statusSchema = z.enum(['INITIATED', 'ACQUIRED', 'PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED']);
const retrievalAnswer = z.object({
  workflow: z.object({ status: statusSchema }),
  decision: z.object({ type: z.enum(KYC_DECISIONS) }).optional(),
});

/** A token is renewed this long before Jumio says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export function createJumioClient(options: JumioClientOptions): KycProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'unreachable';
      throw new KycProviderError(`Jumio ${what}: ${reason}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new KycProviderError(`Jumio ${what}: HTTP ${response.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new KycProviderError(`Jumio ${what}: the answer is not JSON`);
    }
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new KycProviderError(`Jumio ${what}: unexpected answer (${parsed.error.issues[0]?.path.join('.')})`);
    return parsed.data;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await call(
      options.authUrl,
      {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'grant_type=client_credentials',
      },
      'token',
    );
    const { access_token, expires_in = 3600 } = parse(tokenAnswer, answer, 'token');
    token = { value: access_token, expiresAt: Date.now() + expires_in * 1000 - TOKEN_MARGIN_MS };
    return access_token;
  }

  async function authorized(method: string, path: string, what: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
      'user-agent': 'LuckyDragonStore/1.0',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return call(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, what);
  }

  return {
    name: 'jumio',
    async createVerification({ userId, attemptId, accountId }: CreateVerificationInput): Promise<CreatedVerification> {
      const body = {
        customerInternalReference: attemptId,
        userReference: userId,
        callbackUrl: options.callbackUrl,
        workflowDefinition: { key: options.workflowKey },
      };
      const answer = accountId
        ? await authorized('PUT', `/api/v1/accounts/${encodeURIComponent(accountId)}`, 'account update', body)
        : await authorized('POST', '/api/v1/accounts', 'account create', body);
      const created = parse(createAnswer, answer, 'account');
      return { accountId: created.account.id, workflowExecutionId: created.workflowExecution.id, redirectUrl: created.web.href };
    },
    verifyCallback(headers, rawBody) {
      if (options.callbackSecret) verifyCallbackSignature(options.callbackSecret, headers, rawBody);
    },
    async retrieveExecution(accountId: string, workflowExecutionId: string): Promise<WorkflowExecution> {
      const path = `/api/v1/accounts/${encodeURIComponent(accountId)}/workflow-executions/${encodeURIComponent(workflowExecutionId)}`;
      const answer = parse(retrievalAnswer, await authorized('GET', path, 'retrieval'), 'retrieval');
      return { status: answer.workflow.status, decision: answer.workflow.status === 'PROCESSED' ? (answer.decision?.type ?? null) : null };
    },
  };
}
