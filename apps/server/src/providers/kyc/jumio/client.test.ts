// The real Jumio client against three local HTTP servers, one per Jumio host (auth, account, retrieval;
// test/support/fake-jumio.ts, written from Jumio's documentation), directly and through the store's
// routes: each call must reach the host Jumio serves it from (ADR 040).
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { kycRecordResponse, kycStartResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper } from '../../../../test/support/checkout.ts';
import { startFakeJumio, type FakeJumio } from '../../../../test/support/fake-jumio.ts';
import { loadConfig, ConfigError, type Config } from '../../../config.ts';
import { kycAttempts } from '../../../db/schema.ts';
import { createJumioClient, type JumioClientOptions } from './client.ts';
import { configuredJumioEndpoints } from './plugin.ts';
import { signedCallbackHeaders } from './signature.ts';
import { KycProviderError } from './types.ts';

const CALLBACK_SECRET = 'jumio-callback-secret-000111';

let jumio: FakeJumio;
beforeAll(async () => {
  jumio = await startFakeJumio();
});
afterAll(() => jumio.close());
afterEach(() => {
  jumio.mode = 'ok';
  jumio.tokenSeconds = 3600;
  vi.useRealTimers();
});

const options = (overrides: Partial<JumioClientOptions> = {}): JumioClientOptions => ({
  authUrl: jumio.authUrl,
  accountUrl: jumio.accountUrl,
  retrievalUrl: jumio.retrievalUrl,
  clientId: jumio.clientId,
  clientSecret: jumio.clientSecret,
  callbackSecret: CALLBACK_SECRET,
  callbackUrl: 'https://shop.example/api/v1/kyc/jumio/callback',
  workflowKey: 10011,
  userAgent: 'LuckyDragonStore/1.0',
  timeoutMs: 2_000,
  ...overrides,
});

/** Requests made from now on, by host. */
function watch() {
  const from = jumio.requests.length;
  const since = () => jumio.requests.slice(from);
  return {
    on: (host: 'auth' | 'account' | 'retrieval') => since().filter((r) => r.host === host),
    lines: (host: 'auth' | 'account' | 'retrieval') =>
      since()
        .filter((r) => r.host === host)
        .map((r) => `${r.method} ${r.path}`),
  };
}

describe("Jumio's hosts by region (ADR 040)", () => {
  const env = (extra: Record<string, string>) => ({ ...process.env, PORT: '0', ...extra });

  it.each([
    ['amer-1', 'https://auth.amer-1.jumio.ai/oauth2/token', 'https://account.amer-1.jumio.ai', 'https://retrieval.amer-1.jumio.ai'],
    ['emea-1', 'https://auth.emea-1.jumio.ai/oauth2/token', 'https://account.emea-1.jumio.ai', 'https://retrieval.emea-1.jumio.ai'],
    ['apac-1', 'https://auth.apac-1.jumio.ai/oauth2/token', 'https://account.apac-1.jumio.ai', 'https://retrieval.apac-1.jumio.ai'],
  ])('%s defaults to the hosts Jumio publishes for it', (region, authUrl, accountUrl, retrievalUrl) => {
    expect(configuredJumioEndpoints(loadConfig(env({ JUMIO_REGION: region })))).toEqual({ authUrl, accountUrl, retrievalUrl });
  });

  it('defaults to amer-1 and the ID + Identity Verification workflow 10011; each host can be set on its own', () => {
    const config = loadConfig(env({ JUMIO_RETRIEVAL_URL: 'https://retrieval.proxy.example' }));
    expect(config.JUMIO_WORKFLOW_KEY).toBe(10011);
    expect(configuredJumioEndpoints(config)).toEqual({
      authUrl: 'https://auth.amer-1.jumio.ai/oauth2/token',
      accountUrl: 'https://account.amer-1.jumio.ai',
      retrievalUrl: 'https://retrieval.proxy.example',
    });
  });

  it('refuses the old single JUMIO_API_URL (it would send the retrieval to the account host) and an unknown region', () => {
    expect(() => loadConfig(env({ JUMIO_API_URL: 'https://account.emea-1.jumio.ai' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ JUMIO_API_URL: 'https://account.emea-1.jumio.ai' }))).toThrow(/JUMIO_API_URL.*JUMIO_RETRIEVAL_URL/);
    expect(() => loadConfig(env({ JUMIO_REGION: 'us-east-1' }))).toThrow(/JUMIO_REGION/);
  });
});

describe('the Jumio client', () => {
  it('gets its token from the auth host, creates at the account host and reads status and decision from the retrieval host', async () => {
    const seen = watch();
    const client = createJumioClient(options());
    const first = await client.createVerification({ userId: 'user-1', attemptId: 'attempt-1' });
    // The Web Client's URL exactly as Jumio answered it (its authorizationToken inside): the frame's src.
    expect(first.redirectUrl).toBe(jumio.webHref(first.workflowExecutionId));
    const [created] = seen.on('account');
    expect(created).toMatchObject({ method: 'POST', path: '/api/v1/accounts' });
    expect(created!.body).toEqual({
      customerInternalReference: 'attempt-1',
      userReference: 'user-1',
      callbackUrl: 'https://shop.example/api/v1/kyc/jumio/callback',
      workflowDefinition: { key: 10011 },
    });
    expect(created!.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'LuckyDragonStore/1.0',
      authorization: expect.stringMatching(/^Bearer token-\d+$/),
    });

    const second = await client.createVerification({ userId: 'user-1', attemptId: 'attempt-2', accountId: first.accountId });
    expect(second.accountId).toBe(first.accountId);

    expect(await client.retrieveExecution(first.accountId, first.workflowExecutionId)).toEqual({
      status: 'INITIATED',
      decision: null,
      evidence: null,
    });
    jumio.executions.set(first.workflowExecutionId, { accountId: first.accountId, status: 'PROCESSED', decision: 'REJECTED' });
    expect(await client.retrieveExecution(first.accountId, first.workflowExecutionId)).toEqual({
      status: 'PROCESSED',
      decision: 'REJECTED',
      evidence: { label: 'REJECTED', riskScore: 0, checks: [], document: null },
    });

    const execution = `/api/v1/accounts/${first.accountId}/workflow-executions/${first.workflowExecutionId}`;
    expect(seen.lines('auth')).toEqual(['POST /oauth2/token']); // one token for all of it
    expect(seen.lines('account')).toEqual(['POST /api/v1/accounts', `PUT /api/v1/accounts/${first.accountId}`]);
    // The status first; the details (with the decision) only once it is PROCESSED.
    expect(seen.lines('retrieval')).toEqual([`GET ${execution}/status`, `GET ${execution}/status`, `GET ${execution}`]);
  });

  it("keeps for the reviewer each capability's decision and the document's kind, country and expiry; never the shopper's name, birth date or number (issue 24)", async () => {
    const client = createJumioClient(options());
    const created = await client.createVerification({ userId: 'user-e', attemptId: 'attempt-e' });
    // As Jumio's workflow details shape them, with a part the client does not understand beside them.
    jumio.executions.set(created.workflowExecutionId, {
      accountId: created.accountId,
      status: 'PROCESSED',
      decision: 'WARNING',
      capabilities: {
        usability: [{ id: 'u1', credentials: [{ id: 'c1', category: 'ID' }], decision: { type: 'PASSED', details: { label: 'OK' } } }],
        imageChecks: [{ id: 'i1', decision: { type: 'WARNING', details: { label: 'REPEATED_FACE' } }, data: { faceSearchFindings: {} } }],
        extraction: [
          {
            id: 'e1',
            decision: { type: 'PASSED', details: { label: 'OK' } },
            data: {
              type: 'PASSPORT',
              issuingCountry: 'GBR',
              firstName: 'Ada',
              lastName: 'Lovelace',
              dateOfBirth: '1815-12-10',
              expiryDate: '2031-05-01',
              documentNumber: 'X1234567',
            },
          },
        ],
        similarity: [{ id: 's1', decision: { type: 'PASSED', details: { label: 'MATCH' } }, data: { similarity: 'MATCH' } }],
        liveness: 'not an array',
        dataChecks: [{ id: 'd1' }],
      },
    });
    const execution = await client.retrieveExecution(created.accountId, created.workflowExecutionId);
    expect(execution).toEqual({
      status: 'PROCESSED',
      decision: 'WARNING',
      evidence: {
        label: 'WARNING',
        riskScore: 0,
        checks: [
          { capability: 'usability', decision: 'PASSED', label: 'OK' },
          { capability: 'imageChecks', decision: 'WARNING', label: 'REPEATED_FACE' },
          { capability: 'extraction', decision: 'PASSED', label: 'OK' },
          { capability: 'similarity', decision: 'PASSED', label: 'MATCH' },
        ],
        document: { type: 'PASSPORT', issuingCountry: 'GBR', expiryDate: '2031-05-01' },
      },
    });
    expect(JSON.stringify(execution)).not.toMatch(/Ada|Lovelace|1815|X1234567/);
  });

  it('a retrieval sent to the account host fails there (404, as Jumio answers): the old single-host client could never read a decision', async () => {
    const token = jumio.issueToken();
    const created = await createJumioClient(options()).createVerification({ userId: 'user-9', attemptId: 'attempt-9' });
    const path = `/api/v1/accounts/${created.accountId}/workflow-executions/${created.workflowExecutionId}`;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': 'test' };
    expect((await fetch(`${jumio.accountUrl}${path}`, { headers })).status).toBe(404);
    expect((await fetch(`${jumio.retrievalUrl}${path}`, { headers })).status).toBe(200);
    // And the account service is not on the retrieval host either.
    expect((await fetch(`${jumio.retrievalUrl}/api/v1/accounts`, { method: 'POST', headers })).status).toBe(404);

    const oneHost = createJumioClient(options({ retrievalUrl: jumio.accountUrl }));
    await expect(oneHost.retrieveExecution(created.accountId, created.workflowExecutionId)).rejects.toThrow(/retrieval status: HTTP 404/);
  });

  it("is refused without the Bearer scheme, without Jumio's headers, or with wrong credentials", async () => {
    const token = jumio.issueToken();
    const post = (headers: Record<string, string>) =>
      fetch(`${jumio.accountUrl}/api/v1/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ customerInternalReference: 'x', workflowDefinition: { key: 10011 } }),
      });
    const jumioHeaders = { accept: 'application/json', 'user-agent': 'test' };
    expect((await post({ ...jumioHeaders, authorization: `Bearer ${token}` })).status).toBe(201);
    expect((await post({ ...jumioHeaders, authorization: `Token ${token}` })).status).toBe(401);
    expect((await post({ ...jumioHeaders, authorization: `Basic ${token}` })).status).toBe(401);
    // Without a User-Agent (fetch always sends one, so plain http here): 403, as Jumio refuses missing headers.
    const bare = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ customerInternalReference: 'x', workflowDefinition: { key: 10011 } });
      const req = http.request(`${jumio.accountUrl}/api/v1/accounts`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      req.on('response', (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      req.on('error', reject);
      req.end(body);
    });
    expect(bare).toBe(403);

    const wrong = createJumioClient(options({ clientSecret: 'wrong' }));
    await expect(wrong.createVerification({ userId: 'user-3', attemptId: 'a' })).rejects.toThrow(/token: HTTP 401/);
  });

  it('renews its token once Jumio says it expired, by the clock or by a 401 before it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const seen = watch();
    const client = createJumioClient(options());
    const created = await client.createVerification({ userId: 'user-4', attemptId: 'attempt-4' });
    expect(seen.on('auth')).toHaveLength(1);

    // An hour later the token is dead at Jumio: the client asks for a new one before calling.
    vi.setSystemTime(Date.now() + 3600 * 1000);
    expect(await client.retrieveExecution(created.accountId, created.workflowExecutionId)).toEqual({
      status: 'INITIATED',
      decision: null,
      evidence: null,
    });
    expect(seen.on('auth')).toHaveLength(2);
    expect(seen.on('retrieval').every((r) => r.headers.authorization === seen.on('retrieval')[0]!.headers.authorization)).toBe(true);

    // Ended at Jumio before its time: the 401 makes the client fetch a new token and send the call once more.
    jumio.revokeTokens();
    expect(await client.retrieveExecution(created.accountId, created.workflowExecutionId)).toEqual({
      status: 'INITIATED',
      decision: null,
      evidence: null,
    });
    expect(seen.on('auth')).toHaveLength(3);
    expect(seen.on('retrieval').map((r) => r.headers.authorization)).toEqual([
      seen.on('retrieval')[0]!.headers.authorization,
      seen.on('retrieval')[0]!.headers.authorization,
      expect.not.stringMatching(seen.on('retrieval')[0]!.headers.authorization!),
    ]);
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
  });
});

/** The store talking to the fake Jumio's three hosts (the real client, not the sandbox). */
const storeWithJumio = (extra: Partial<Config>) =>
  buildTestApp(
    {
      JUMIO_API_TOKEN: jumio.clientId,
      JUMIO_API_SECRET: jumio.clientSecret,
      JUMIO_AUTH_URL: jumio.authUrl,
      JUMIO_ACCOUNT_URL: jumio.accountUrl,
      JUMIO_RETRIEVAL_URL: jumio.retrievalUrl,
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

  const startAtJumio = async () => {
    const s = await createShopper(t.database.db);
    const res = await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
    expect(res.statusCode).toBe(200);
    const { data } = kycStartResponse.parse(res.json());
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));
    return { s, data, accountId: attempt!.accountId };
  };

  it("starts at Jumio's account host; a PROCESSED callback takes the decision from Jumio's retrieval host", async () => {
    const seen = watch();
    const { s, data, accountId } = await startAtJumio();
    expect(data.redirectUrl).toBe(jumio.webHref(data.workflowExecutionId));
    expect(seen.lines('account')).toEqual(['POST /api/v1/accounts']);
    expect(seen.on('account')[0]!.body).toMatchObject({ callbackUrl: `${t.app.config.PUBLIC_URL}/api/v1/kyc/jumio/callback` });

    jumio.executions.set(data.workflowExecutionId, { accountId, status: 'PROCESSED', decision: 'PASSED' });
    const body = JSON.stringify({
      callbackSentAt: new Date().toISOString(),
      workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED', definitionKey: '10011' },
      account: { id: accountId },
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/jumio/callback',
      headers: { ...signedCallbackHeaders(CALLBACK_SECRET, body), 'content-type': 'application/json' },
      payload: body,
    });
    expect(callback.json()).toMatchObject({ success: true, data: { applied: true } });
    const execution = `/api/v1/accounts/${accountId}/workflow-executions/${data.workflowExecutionId}`;
    expect(seen.lines('retrieval')).toEqual([`GET ${execution}/status`, `GET ${execution}`]);
    expect(seen.lines('account')).toEqual(['POST /api/v1/accounts']);
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

  it("a callback's claim is not believed, nor its href followed: the record takes what the configured retrieval host says", async () => {
    const { s, data, accountId } = await startAtJumio();
    const seen = watch();
    // The callback claims PROCESSED and points elsewhere; Jumio's retrieval still says ACQUIRED.
    jumio.executions.set(data.workflowExecutionId, { accountId, status: 'ACQUIRED' });
    const elsewhere = `${jumio.accountUrl}/api/v1/accounts/${accountId}/workflow-executions/${data.workflowExecutionId}`;
    const body = JSON.stringify({
      workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED', href: elsewhere },
      account: { id: accountId, href: elsewhere },
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/jumio/callback',
      headers: { ...signedCallbackHeaders(CALLBACK_SECRET, body), 'content-type': 'application/json' },
      payload: body,
    });
    expect(callback.json()).toMatchObject({ data: { applied: true } });
    expect(seen.on('account')).toEqual([]);
    expect(seen.lines('retrieval')).toEqual([`GET /api/v1/accounts/${accountId}/workflow-executions/${data.workflowExecutionId}/status`]);
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

  it("takes Jumio's unsigned callback as a prompt: the decision comes from the retrieval host, a forged claim changes nothing", async () => {
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
    expect((await callback()).json()).toMatchObject({ data: { applied: false } });
    expect(await recordNow()).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });

    jumio.executions.set(data.workflowExecutionId, { accountId: attempt!.accountId, status: 'PROCESSED', decision: 'PASSED' });
    expect((await callback()).json()).toMatchObject({ data: { applied: true } });
    expect(await recordNow()).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
  });
});

describe("the store with the Jumio client and Jumio's callback addresses (JUMIO_CALLBACK_ALLOWED_IPS)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Two of the US data center's addresses Jumio publishes for its callbacks, one as a /32.
    t = await storeWithJumio({ JUMIO_CALLBACK_ALLOWED_IPS: ['34.202.241.227', '52.8.136.236/32'] });
  });
  afterAll(() => t.close());

  it('refuses a callback from another address (403) before asking anything, and takes one from a listed address', async () => {
    const s = await createShopper(t.database.db);
    const { data } = kycStartResponse.parse((await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' })).json());
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));
    jumio.executions.set(data.workflowExecutionId, { accountId: attempt!.accountId, status: 'PROCESSED', decision: 'PASSED' });
    const callbackFrom = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/kyc/jumio/callback',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          workflowExecution: { id: data.workflowExecutionId, status: 'PROCESSED' },
          account: { id: attempt!.accountId },
        }),
      });
    const seen = watch();
    const outsider = await callbackFrom('203.0.113.9');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(seen.on('retrieval')).toEqual([]);
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json().data.jumio).toEqual({
      attempts: 1,
      decision: null,
      status: 'INITIATED',
    });

    expect((await callbackFrom('52.8.136.236')).json()).toMatchObject({ data: { applied: true } });
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' })).json().data.jumio).toEqual({
      attempts: 1,
      decision: 'PASSED',
      status: 'DONE',
    });
  });

  it('refuses a malformed allow-list at start', () => {
    expect(() => loadConfig({ ...process.env, PORT: '0', JUMIO_CALLBACK_ALLOWED_IPS: '34.202.241.227, callback.amer-1.jumio.ai' })).toThrow(
      /JUMIO_CALLBACK_ALLOWED_IPS.*callback\.amer-1\.jumio\.ai/,
    );
  });
});

describe('the demo-mode sandbox: the same client, the host split real there too', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { seedDemo: false });
  });
  afterAll(() => t.close());

  it('serves retrieval only under its retrieval base: the account base answers 404 for it, and every call needs a token', async () => {
    const s = await createShopper(t.database.db);
    const { data } = kycStartResponse.parse((await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' })).json());
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.workflowExecutionId, data.workflowExecutionId));
    const execution = `/api/v1/accounts/${attempt!.accountId}/workflow-executions/${data.workflowExecutionId}`;
    const get = (url: string, authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json', 'user-agent': 'test', ...(authorization ? { authorization } : {}) },
      });

    // Without the process's client credentials, no token; without a token, no answer.
    const token = await t.app.inject({
      method: 'POST',
      url: '/sandbox/jumio/auth/oauth2/token',
      headers: {
        authorization: `Basic ${Buffer.from('guess:guess').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode).toBe(401);
    expect((await get(`/sandbox/jumio/retrieval${execution}/status`)).statusCode).toBe(401);
    expect((await get(`/sandbox/jumio/retrieval${execution}/status`, 'Bearer made-up')).statusCode).toBe(401);
    expect((await get(`/sandbox/jumio/account${execution}/status`)).statusCode).toBe(404);
    expect((await get(`/sandbox/jumio/account${execution}`)).statusCode).toBe(404);
  });
});
