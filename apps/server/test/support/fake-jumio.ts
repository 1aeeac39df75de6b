// A stand-in for Jumio's KYX platform in tests: three local HTTP servers, one per Jumio host, each
// serving only its own service, with the paths, headers and refusals Jumio documents (ADR 040). It is
// written from Jumio's documentation, not from the store's code: no import from src/.
//   auth       POST /oauth2/token  (Basic client_id:client_secret, form grant_type=client_credentials)
//   account    POST /api/v1/accounts, PUT /api/v1/accounts/{accountId}
//   retrieval  GET  /api/v1/accounts/{accountId}/workflow-executions/{workflowExecutionId}[/status]
// Anything else on a host is 404 (a retrieval sent to the account host fails, as at Jumio). Account and
// retrieval calls need the User-Agent and Accept headers (else 403) and a live Bearer token the auth host
// issued (else 401). Tokens expire after `tokenSeconds` (by Date.now, so a test may move the clock) or
// when `revokeTokens()` is called.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeJumioHost = 'auth' | 'account' | 'retrieval';

export interface FakeJumioRequest {
  host: FakeJumioHost;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface FakeExecution {
  accountId: string;
  status: 'INITIATED' | 'ACQUIRED' | 'PROCESSED' | 'SESSION_EXPIRED' | 'TOKEN_EXPIRED';
  decision?: 'PASSED' | 'REJECTED' | 'WARNING' | 'NOT_EXECUTED';
  /** The workflow details' capabilities, as a test wants Jumio to have shaped them. */
  capabilities?: unknown;
}

export interface FakeJumio {
  /** The token endpoint, whole (as JUMIO_AUTH_URL). */
  authUrl: string;
  /** The account host's base (as JUMIO_ACCOUNT_URL). */
  accountUrl: string;
  /** The retrieval host's base (as JUMIO_RETRIEVAL_URL). */
  retrievalUrl: string;
  clientId: string;
  clientSecret: string;
  requests: FakeJumioRequest[];
  /** By workflow execution id. */
  executions: Map<string, FakeExecution>;
  /** What every host does: answer, fail (500), hang, or answer something that is not JSON. */
  mode: 'ok' | 'fail' | 'hang' | 'garbage';
  /** The expires_in of the tokens issued from now on. */
  tokenSeconds: number;
  /** The web.href an account answer carries for an execution (Jumio's Web Client URL, its token inside). */
  webHref(workflowExecutionId: string): string;
  /** Jumio's side ends every token issued so far (as on expiry or revocation before the client's clock says so). */
  revokeTokens(): void;
  /** A token issued now, for tests that call a host directly. */
  issueToken(): string;
  of(host: FakeJumioHost): FakeJumioRequest[];
  close(): Promise<void>;
}

const ACCOUNTS = /^\/api\/v1\/accounts$/;
const ACCOUNT = /^\/api\/v1\/accounts\/([^/]+)$/;
const EXECUTION = /^\/api\/v1\/accounts\/([^/]+)\/workflow-executions\/([^/]+)(\/status)?$/;

export async function startFakeJumio(clientId = 'jumio-client-id', clientSecret = 'jumio-client-secret'): Promise<FakeJumio> {
  let counter = 0;
  const tokens = new Map<string, number>();
  const accounts = new Set<string>();
  const hanging: http.ServerResponse[] = [];
  const servers: http.Server[] = [];
  /** Known once the retrieval host listens: the hrefs its answers carry. */
  let retrievalBase = '';

  const fake = {
    clientId,
    clientSecret,
    requests: [] as FakeJumioRequest[],
    executions: new Map<string, FakeExecution>(),
    mode: 'ok' as FakeJumio['mode'],
    tokenSeconds: 3600,
    webHref: (id: string) =>
      `https://acme-store.web.amer-1.jumio.ai/web/v4/app?authorizationToken=eyJhbGciOiJIUzUxMiJ9.${id}.c2ln_-&locale=en-US&baseUrl=https%3A%2F%2Fweb-sdk.amer-1.jumio.ai`,
    revokeTokens: () => tokens.clear(),
    issueToken: () => {
      counter += 1;
      const token = `token-${counter}`;
      tokens.set(token, Date.now() + fake.tokenSeconds * 1000);
      return token;
    },
    of: (host: FakeJumioHost) => fake.requests.filter((r) => r.host === host),
  };

  const send = (res: http.ServerResponse, status: number, json: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));

  /** Jumio: missing headers 403, no or a dead Bearer token 401. */
  function refused(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!req.headers['user-agent'] || !req.headers.accept) return (send(res, 403, { message: 'Forbidden' }), true);
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) return (send(res, 401, { message: 'Unauthorized' }), true);
    return false;
  }

  function auth(req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string) {
    if (req.method !== 'POST' || path !== '/oauth2/token') return send(res, 404, { message: 'Not Found' });
    const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return send(res, 401, { error: 'invalid_client' });
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return send(res, 400, { error: 'invalid_request' });
    if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type' });
    return send(res, 200, { access_token: fake.issueToken(), expires_in: fake.tokenSeconds, token_type: 'Bearer' });
  }

  function account(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: Record<string, unknown> | null) {
    const update = ACCOUNT.exec(path);
    const create = ACCOUNTS.test(path);
    if (!(create && req.method === 'POST') && !(update && req.method === 'PUT')) return send(res, 404, { message: 'Not Found' });
    if (refused(req, res)) return;
    if (!req.headers['content-type']?.startsWith('application/json') || !body) return send(res, 400, { message: 'body must be JSON' });
    const reference = body.customerInternalReference;
    if (typeof reference !== 'string' || reference.length < 1 || reference.length > 100)
      return send(res, 400, { message: 'customerInternalReference is required' });
    const key = (body.workflowDefinition as { key?: unknown } | undefined)?.key;
    if (key === undefined || key === null) return send(res, 400, { message: 'workflowDefinition.key is required' });
    if (body.userReference !== undefined && (typeof body.userReference !== 'string' || body.userReference.length > 100))
      return send(res, 400, { message: 'userReference: at most 100 characters' });
    if (body.callbackUrl !== undefined && (typeof body.callbackUrl !== 'string' || body.callbackUrl.length > 255))
      return send(res, 400, { message: 'callbackUrl: at most 255 characters' });
    if (update && !accounts.has(update[1]!)) return send(res, 404, { message: 'Account not found' });
    counter += 1;
    const accountId = update ? update[1]! : `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
    const executionId = `11111111-0000-4000-8000-${String(counter).padStart(12, '0')}`;
    accounts.add(accountId);
    fake.executions.set(executionId, { accountId, status: 'INITIATED' });
    // Jumio's API reference answers a creation 201 Created; the KYX guide says 200: a client takes either.
    return send(res, create ? 201 : 200, {
      timestamp: new Date().toISOString(),
      account: { id: accountId },
      web: { href: fake.webHref(executionId) },
      sdk: { token: `sdk-token-${counter}` },
      workflowExecution: { id: executionId, credentials: [] },
    });
  }

  function retrieval(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const match = EXECUTION.exec(path);
    if (!match || req.method !== 'GET') return send(res, 404, { message: 'Not Found' });
    if (refused(req, res)) return;
    const [, accountId, executionId, status] = match;
    const execution = fake.executions.get(executionId!);
    if (!execution || execution.accountId !== accountId) return send(res, 404, { message: 'Not Found' });
    const href = `${retrievalBase}/api/v1/accounts/${accountId}/workflow-executions/${executionId}`;
    if (status)
      return send(res, 200, {
        account: { id: accountId, href: `${retrievalBase}/api/v1/accounts/${accountId}` },
        workflowExecution: { id: executionId, href, definitionKey: '10011', status: execution.status },
      });
    return send(res, 200, {
      workflow: { id: executionId, status: execution.status, definitionKey: '10011' },
      account: { id: accountId },
      createdAt: new Date().toISOString(),
      credentials: [],
      ...(execution.decision ? { decision: { type: execution.decision, details: { label: execution.decision }, risk: { score: 0 } } } : {}),
      ...(execution.capabilities !== undefined ? { capabilities: execution.capabilities } : {}),
    });
  }

  async function listen(host: FakeJumioHost): Promise<string> {
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        let body: Record<string, unknown> | null = null;
        try {
          body = raw && req.headers['content-type']?.startsWith('application/json') ? JSON.parse(raw) : null;
        } catch {
          body = null;
        }
        fake.requests.push({ host, method: req.method ?? '', path, headers: req.headers, body });
        if (fake.mode === 'hang') return void hanging.push(res);
        if (fake.mode === 'fail') return send(res, 500, { message: 'internal error' });
        if (fake.mode === 'garbage') return void res.writeHead(200).end('<html>maintenance</html>');
        if (host === 'auth') return auth(req, res, path, raw);
        if (host === 'account') return account(req, res, path, body);
        return retrieval(req, res, path);
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const authBase = await listen('auth');
  const accountUrl = await listen('account');
  const retrievalUrl = await listen('retrieval');
  retrievalBase = retrievalUrl;
  const result = Object.assign(fake, {
    authUrl: `${authBase}/oauth2/token`,
    accountUrl,
    retrievalUrl,
    close: async () => {
      for (const res of hanging) res.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  });
  return result;
}
