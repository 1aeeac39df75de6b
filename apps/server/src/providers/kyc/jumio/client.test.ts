// The real Jumio client against a local HTTP server that speaks Jumio's KYX API (token, accounts,
// workflow-execution retrieval), directly and through the store's routes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { kycRecordResponse, kycStartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper } from '../../../../test/support/checkout.ts';
import { kycAttempts } from '../../../db/schema.ts';
import { createJumioClient, type JumioClientOptions } from './client.ts';
import { signedCallbackHeaders } from './signature.ts';
import { KycProviderError } from './types.ts';

interface FakeJumio {
  url: string;
  requests: Array<{ method: string; path: string; body: Record<string, unknown> | null; authorization?: string }>;
  /** What a retrieval answers, by workflow execution id. */
  executions: Map<string, { status: string; decision?: string }>;
  mode: 'ok' | 'fail' | 'hang' | 'garbage';
  close(): Promise<void>;
}

const CLIENT_ID = 'client-id';
const CLIENT_SECRET = 'client-secret';
const CALLBACK_SECRET = 'jumio-callback-secret-000111';

async function startFakeJumio(): Promise<FakeJumio> {
  let counter = 0;
  const fake: Omit<FakeJumio, 'url' | 'close'> = { requests: [], executions: new Map(), mode: 'ok' };
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      let body: Record<string, unknown> | null = null;
      try {
        body = raw && req.headers['content-type'] === 'application/json' ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      fake.requests.push({ method: req.method ?? '', path, body, authorization: req.headers.authorization });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (fake.mode === 'hang') return void hanging.push(res);
      if (fake.mode === 'fail') return send(500, { message: 'internal error' });
      if (fake.mode === 'garbage') return res.writeHead(200).end('<html>maintenance</html>');
      if (req.method === 'POST' && path === '/oauth2/token') {
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic || raw !== 'grant_type=client_credentials') return send(401, { error: 'invalid_client' });
        return send(200, { access_token: 'token-1', expires_in: 3600, token_type: 'Bearer' });
      }
      if (req.headers.authorization !== 'Bearer token-1') return send(401, { message: 'unauthorized' });
      const account = /^\/api\/v1\/accounts(?:\/([^/]+))?$/.exec(path);
      if (account && (req.method === 'POST' || req.method === 'PUT')) {
        const workflow = body?.workflowDefinition as { key?: unknown } | undefined;
        if (typeof workflow?.key !== 'number' || typeof body?.userReference !== 'string') return send(400, { message: 'bad request' });
        counter += 1;
        const accountId = account[1] ?? `acc-${counter}`;
        const executionId = `wfe-${counter}`;
        fake.executions.set(executionId, { status: 'INITIATED' });
        return send(200, {
          timestamp: new Date().toISOString(),
          account: { id: accountId },
          web: { href: `https://demo.web.amer-1.jumio.ai/web/v4/app?authorizationToken=t${counter}` },
          workflowExecution: { id: executionId, credentials: [] },
        });
      }
      const retrieval = /^\/api\/v1\/accounts\/([^/]+)\/workflow-executions\/([^/]+)$/.exec(path);
      if (retrieval && req.method === 'GET') {
        const execution = fake.executions.get(retrieval[2]!);
        if (!execution) return send(404, { message: 'not found' });
        return send(200, {
          workflow: { id: retrieval[2], status: execution.status, definitionKey: '10013' },
          account: { id: retrieval[1] },
          ...(execution.decision ? { decision: { type: execution.decision, details: { label: execution.decision } } } : {}),
        });
      }
      return send(404, { message: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...fake,
    get mode() {
      return fake.mode;
    },
    set mode(value) {
      fake.mode = value;
    },
    url,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } as FakeJumio;
}

let jumio: FakeJumio;
beforeAll(async () => {
  jumio = await startFakeJumio();
});
afterAll(() => jumio.close());

const options = (overrides: Partial<JumioClientOptions> = {}): JumioClientOptions => ({
  apiUrl: jumio.url,
  authUrl: `${jumio.url}/oauth2/token`,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  callbackSecret: CALLBACK_SECRET,
  callbackUrl: 'https://shop.example/api/v1/kyc/jumio/callback',
  workflowKey: 10013,
  timeoutMs: 2_000,
  ...overrides,
});

describe('the Jumio client', () => {
  it('creates an account with the workflow, updates it for the next attempt, and reads the decision back', async () => {
    jumio.mode = 'ok';
    const client = createJumioClient(options());
    const first = await client.createVerification({ userId: 'user-1', attemptId: 'attempt-1' });
    expect(first.redirectUrl).toMatch(/^https:\/\/demo\.web\.amer-1\.jumio\.ai\//);
    const created = jumio.requests.find((r) => r.method === 'POST' && r.path === '/api/v1/accounts')!;
    expect(created.body).toEqual({
      customerInternalReference: 'attempt-1',
      userReference: 'user-1',
      callbackUrl: 'https://shop.example/api/v1/kyc/jumio/callback',
      workflowDefinition: { key: 10013 },
    });

    const second = await client.createVerification({ userId: 'user-1', attemptId: 'attempt-2', accountId: first.accountId });
    expect(second.accountId).toBe(first.accountId);
    expect(jumio.requests.some((r) => r.method === 'PUT' && r.path === `/api/v1/accounts/${first.accountId}`)).toBe(true);

    expect(await client.retrieveExecution(first.accountId, first.workflowExecutionId)).toEqual({ status: 'INITIATED', decision: null });
    jumio.executions.set(first.workflowExecutionId, { status: 'PROCESSED', decision: 'REJECTED' });
    expect(await client.retrieveExecution(first.accountId, first.workflowExecutionId)).toEqual({
      status: 'PROCESSED',
      decision: 'REJECTED',
    });
    // One token for all of it.
    expect(jumio.requests.filter((r) => r.path === '/oauth2/token')).toHaveLength(1);
  });

  it.each([
    ['an error status', 'fail' as const, /HTTP 500/],
    ['an answer that is not JSON', 'garbage' as const, /not JSON/],
    ['no answer within the timeout', 'hang' as const, /no answer within 300 ms/],
  ])('fails with a KycProviderError on %s', async (_case, mode, message) => {
    jumio.mode = mode;
    const client = createJumioClient(options({ timeoutMs: 300 }));
    const attempt = client.createVerification({ userId: 'user-2', attemptId: 'attempt-3' });
    await expect(attempt).rejects.toBeInstanceOf(KycProviderError);
    await expect(attempt).rejects.toThrow(message);
    jumio.mode = 'ok';
  });

  it('refuses wrong credentials as a provider failure', async () => {
    const client = createJumioClient(options({ clientSecret: 'wrong' }));
    await expect(client.createVerification({ userId: 'user-3', attemptId: 'a' })).rejects.toThrow(/token: HTTP 401/);
  });
});

/** The store talking to the fake Jumio server (the real client, not the sandbox). */
const storeWithJumio = (extra: Record<string, string>) =>
  buildTestApp(
    {
      JUMIO_API_TOKEN: CLIENT_ID,
      JUMIO_API_SECRET: CLIENT_SECRET,
      JUMIO_API_URL: jumio.url,
      JUMIO_AUTH_URL: `${jumio.url}/oauth2/token`,
      JUMIO_TIMEOUT_MS: 1_000,
      ...extra,
    },
    { seedDemo: false },
  );

describe('the store with the Jumio client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await storeWithJumio({ JUMIO_CALLBACK_SECRET: CALLBACK_SECRET });
  });
  afterAll(() => t.close());

  it("starts at Jumio, and a PROCESSED callback takes the decision from Jumio's retrieval", async () => {
    jumio.mode = 'ok';
    const s = await createShopper(t.database.db);
    const res = await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
    expect(res.statusCode).toBe(200);
    const { data } = kycStartResponse.parse(res.json());
    expect(data.redirectUrl).toMatch(/jumio\.ai/);
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));

    jumio.executions.set(data.workflowExecutionId, { status: 'PROCESSED', decision: 'PASSED' });
    const body = JSON.stringify({
      callbackSentAt: new Date().toISOString(),
      workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED', href: 'https://x' },
      account: { id: attempt!.accountId },
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/jumio/callback',
      headers: { ...signedCallbackHeaders(CALLBACK_SECRET, body), 'content-type': 'application/json' },
      payload: body,
    });
    expect(callback.json()).toMatchObject({ success: true, data: { applied: true } });
    const record = kycRecordResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json()).data.jumio;
    expect(record).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
  });

  it("answers 502 when Jumio can't be reached, and the record does not move", async () => {
    const s = await createShopper(t.database.db);
    jumio.mode = 'hang';
    const res = await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
    jumio.mode = 'ok';
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, code: 'PROVIDER_UNAVAILABLE' });
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json().data.jumio).toBeNull();
  });

  it("a callback's claim is not believed: the record takes the state Jumio's retrieval gives", async () => {
    jumio.mode = 'ok';
    const s = await createShopper(t.database.db);
    const { data } = kycStartResponse.parse((await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' })).json());
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));
    // The callback claims PROCESSED; Jumio's retrieval still says ACQUIRED.
    jumio.executions.set(data.workflowExecutionId, { status: 'ACQUIRED' });
    const body = JSON.stringify({
      workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED' },
      account: { id: attempt!.accountId },
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/jumio/callback',
      headers: { ...signedCallbackHeaders(CALLBACK_SECRET, body), 'content-type': 'application/json' },
      payload: body,
    });
    expect(callback.json()).toMatchObject({ data: { applied: true } });
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json().data.jumio).toEqual({
      attempts: 1,
      decision: null,
      status: 'ACQUIRED',
    });
  });
});

describe('the store with the Jumio client and no callback secret (Jumio does not sign its callbacks)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await storeWithJumio({});
  });
  afterAll(() => t.close());

  it("takes Jumio's unsigned callback as a prompt: the decision comes from the retrieval, a forged claim changes nothing", async () => {
    jumio.mode = 'ok';
    const s = await createShopper(t.database.db);
    const { data } = kycStartResponse.parse((await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' })).json());
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));
    const callback = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/kyc/jumio/callback',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED' },
          account: { id: attempt!.accountId },
        }),
      });
    const recordNow = async () =>
      kycRecordResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json()).data.jumio;

    // Forged: nothing was submitted at Jumio, whatever the body says.
    jumio.executions.set(data.workflowExecutionId, { status: 'INITIATED' });
    expect((await callback()).json()).toMatchObject({ data: { applied: false } });
    expect(await recordNow()).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });

    jumio.executions.set(data.workflowExecutionId, { status: 'PROCESSED', decision: 'PASSED' });
    expect((await callback()).json()).toMatchObject({ data: { applied: true } });
    expect(await recordNow()).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
  });
});
