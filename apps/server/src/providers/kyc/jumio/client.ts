// The real client of Jumio's KYX platform (ADR 016, hosts and fields ADR 040), chosen by JUMIO_API_TOKEN;
// in demo mode the same client talks to the built-in sandbox in-process. Plain fetch: Jumio has no
// official Node SDK. Every call has a timeout; any failure is a KycProviderError (502 at the route).
// Each service answers on its own host (hosts.ts):
//   token:     POST {authUrl} (Basic clientId:clientSecret, grant_type=client_credentials)
//              -> access_token, expires_in (seconds), token_type Bearer; cached until shortly before expiry
//   create:    POST {accountUrl}/api/v1/accounts, or PUT {accountUrl}/api/v1/accounts/{accountId} for a
//              shopper seen before, with customerInternalReference, userReference, callbackUrl and
//              workflowDefinition.key -> account.id, workflowExecution.id, web.href (the Web Client's URL,
//              its authorizationToken inside; framed exactly as answered)
//   retrieval: GET {retrievalUrl}/api/v1/accounts/{a}/workflow-executions/{w}/status -> workflowExecution.status;
//              once PROCESSED, GET {retrievalUrl}/api/v1/accounts/{a}/workflow-executions/{w} -> decision.type,
//              and for the reviewer decision.details.label, decision.risk.score and capabilities (evidence.ts)
// A call answered 401 with a cached token (expired or revoked early at Jumio) gets one new token and is
// sent once more.
import net from 'node:net';
import { z } from 'zod';
import { KYC_DECISIONS } from '@store/shared';
import { AppError } from '../../../lib/errors.ts';
import { ACCOUNTS_PATH, accountPath, executionPath, executionStatusPath } from './hosts.ts';
import { evidenceOf } from './evidence.ts';
import { verifyCallbackSignature } from './signature.ts';
import {
  KycProviderError,
  type CreatedVerification,
  type CreateVerificationInput,
  type KycProvider,
  type WorkflowExecution,
} from './types.ts';

export interface JumioClientOptions {
  /** OAuth2 token endpoint, e.g. https://auth.amer-1.jumio.ai/oauth2/token */
  authUrl: string;
  /** Account service base, e.g. https://account.amer-1.jumio.ai */
  accountUrl: string;
  /** Retrieval service base, e.g. https://retrieval.amer-1.jumio.ai */
  retrievalUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * With a relay in front of the store that signs Jumio's callbacks (and always for the sandbox): the
   * callbacks must carry its signature. Unset: Jumio's own callbacks are taken unsigned, as Jumio sends
   * them; a callback only makes the store ask Jumio's retrieval service (the kyc module never believes a
   * callback's body, nor follows a URL in it), so a forged one changes nothing.
   */
  callbackSecret?: string;
  /** Jumio's callback addresses (IPs or CIDRs): a callback from elsewhere is refused (403). Unset: any. */
  callbackAllowedIps?: string[];
  /** Where Jumio sends its callbacks: {PUBLIC_URL}/api/v1/kyc/jumio/callback */
  callbackUrl: string;
  workflowKey: number;
  /** Jumio asks for a User-Agent naming the business, for its troubleshooting. */
  userAgent: string;
  timeoutMs: number;
  /** The transport (the sandbox's in-process one in demo mode). */
  fetch?: typeof fetch;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
  token_type: z.string().optional(),
});
const createAnswer = z.object({
  account: z.object({ id: z.string().min(1) }),
  // An absolute URL from Jumio; the sandbox's is a path when the store has no PUBLIC_URL (either loopback origin).
  web: z.object({ href: z.union([z.string().url(), z.string().regex(/^\/(?!\/)/)]) }),
  workflowExecution: z.object({ id: z.string().min(1) }),
});
const statusSchema = z.enum(['INITIATED', 'ACQUIRED', 'PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED']);
const statusAnswer = z.object({ workflowExecution: z.object({ status: statusSchema }) });
const detailsAnswer = z.object({
  workflow: z.object({ status: statusSchema }),
  decision: z
    .object({ type: z.enum(KYC_DECISIONS) })
    .passthrough()
    .optional(),
  // Read leniently by evidence.ts: what a reviewer is shown never stops the decision being taken.
  capabilities: z.unknown().optional(),
});

/** A token is renewed this long before Jumio says it expires (at most half its life). */
const TOKEN_MARGIN_MS = 60_000;

const trimBase = (url: string) => url.replace(/\/+$/, '');

/** The allow-list as a BlockList (addresses and subnets); null when none is set. */
function addressList(entries: string[] | undefined): net.BlockList | null {
  if (!entries?.length) return null;
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function allowed(list: net.BlockList, remoteAddress: string): boolean {
  const plain = remoteAddress.startsWith('::ffff:') && net.isIPv4(remoteAddress.slice(7)) ? remoteAddress.slice(7) : remoteAddress;
  const family = net.isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

export function createJumioClient(options: JumioClientOptions): KycProvider {
  const send = options.fetch ?? fetch;
  const accountBase = trimBase(options.accountUrl);
  const retrievalBase = trimBase(options.retrievalUrl);
  const callbackSources = addressList(options.callbackAllowedIps);
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function call(url: string, init: RequestInit, what: string): Promise<{ status: number; text: string }> {
    let response: Response;
    try {
      response = await send(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'unreachable';
      throw new KycProviderError(`Jumio ${what}: ${reason}`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'broken answer';
      throw new KycProviderError(`Jumio ${what}: ${reason}`);
    }
    return { status: response.status, text };
  }

  function json({ status, text }: { status: number; text: string }, what: string): unknown {
    if (status < 200 || status > 299) throw new KycProviderError(`Jumio ${what}: HTTP ${status}`);
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

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await call(
      options.authUrl,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': options.userAgent,
        },
        body: 'grant_type=client_credentials',
      },
      'token',
    );
    const { access_token, expires_in = 3600, token_type } = parse(tokenAnswer, json(answer, 'token'), 'token');
    if (token_type !== undefined && token_type.toLowerCase() !== 'bearer') throw new KycProviderError(`Jumio token: unexpected token_type`);
    const lifeMs = expires_in * 1000;
    token = { value: access_token, expiresAt: Date.now() + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 2) };
    return access_token;
  }

  /** The cached token while it is fresh; one request for a new one however many calls wait for it. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function authorized(base: string, method: string, path: string, what: string, body?: unknown): Promise<unknown> {
    const attempt = async () => {
      const bearer = await accessToken();
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        accept: 'application/json',
        'user-agent': options.userAgent,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await call(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, what);
      return { answer, bearer };
    };
    const first = await attempt();
    if (first.answer.status !== 401) return json(first.answer, what);
    // Expired or revoked before our clock said so: forget it (unless another call already renewed it).
    if (token?.value === first.bearer) token = null;
    return json((await attempt()).answer, what);
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
        ? await authorized(accountBase, 'PUT', accountPath(accountId), 'account update', body)
        : await authorized(accountBase, 'POST', ACCOUNTS_PATH, 'account create', body);
      const created = parse(createAnswer, answer, 'account');
      return { accountId: created.account.id, workflowExecutionId: created.workflowExecution.id, redirectUrl: created.web.href };
    },
    verifyCallback(headers, rawBody, remoteAddress) {
      if (callbackSources && !allowed(callbackSources, remoteAddress)) {
        throw new AppError(403, 'FORBIDDEN', "Callbacks are accepted only from Jumio's addresses.");
      }
      if (options.callbackSecret) verifyCallbackSignature(options.callbackSecret, headers, rawBody);
    },
    async retrieveExecution(accountId: string, workflowExecutionId: string): Promise<WorkflowExecution> {
      // Jumio: ask the status first; the details (with the decision) once it is PROCESSED.
      const status = parse(
        statusAnswer,
        await authorized(retrievalBase, 'GET', executionStatusPath(accountId, workflowExecutionId), 'retrieval status'),
        'retrieval status',
      ).workflowExecution.status;
      if (status !== 'PROCESSED') return { status, decision: null, evidence: null };
      const details = parse(
        detailsAnswer,
        await authorized(retrievalBase, 'GET', executionPath(accountId, workflowExecutionId), 'retrieval'),
        'retrieval',
      );
      const processed = details.workflow.status === 'PROCESSED';
      return {
        status: details.workflow.status,
        decision: processed ? (details.decision?.type ?? null) : null,
        evidence: processed ? evidenceOf(details.decision, details.capabilities) : null,
      };
    },
  };
}
