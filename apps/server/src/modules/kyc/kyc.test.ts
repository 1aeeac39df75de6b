// Identity verification through the built-in sandbox (ADR 016): start, the sandbox's signed callbacks,
// and everything a forged, stale, replayed, duplicated or late callback must not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminIdentityReviewsResponse,
  getUserResponse,
  kycRecordResponse,
  kycResetResponse,
  kycStartResponse,
  type JumioRecord,
} from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { kycAttempts, kycResets, liveEvents, users } from '../../db/schema.ts';
import { signCallback, signedCallbackHeaders } from '../../providers/kyc/jumio/signature.ts';
import type { KycSandbox } from '../../providers/kyc/jumio/sandbox/sandbox.ts';
import { findVerificationDecision } from './index.ts';

const SECRET = 'test-callback-secret-0123456789';
const CALLBACK = '/api/v1/kyc/jumio/callback';
// A 1×1 PNG, as the sandbox page's file inputs would send it.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({ JUMIO_CALLBACK_SECRET: SECRET }, { seedDemo: false });
  admin = await createShopper(t.database.db);
  await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const sandbox = () => t.app.kycProvider as KycSandbox;

async function start(s: Shopper) {
  const res = await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
  expect(res.statusCode).toBe(200);
  const { data } = kycStartResponse.parse(res.json());
  const url = new URL(data.redirectUrl, 'http://localhost');
  return { ...data, path: url.pathname, secret: url.searchParams.get('secret')! };
}

async function record(s: Shopper): Promise<JumioRecord | null> {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' });
  expect(res.statusCode).toBe(200);
  return kycRecordResponse.parse(res.json()).data.jumio;
}

/** The tester's choice on the sandbox page, with two images, as the page's script posts it. */
function submitOnPage(started: { path: string; secret: string }, outcome: string, images = { document: PNG, selfie: PNG }) {
  return t.app.inject({ method: 'POST', url: started.path, payload: { secret: started.secret, outcome, ...images } });
}

function callbackBody(workflowExecutionId: string, accountId: string, status: string) {
  return JSON.stringify({ workflowExecution: { id: workflowExecutionId, status }, account: { id: accountId } });
}

function deliver(body: string, headers: Record<string, string> = signedCallbackHeaders(SECRET, body)) {
  return t.app.inject({ method: 'POST', url: CALLBACK, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
}

/** The provider account the attempt of this execution was opened on. */
async function accountOf(workflowExecutionId: string) {
  const [row] = await t.database.db
    .select({ accountId: kycAttempts.accountId })
    .from(kycAttempts)
    .where(eq(kycAttempts.workflowExecutionId, workflowExecutionId));
  return row!.accountId;
}

async function eventsOf(userId: string) {
  await t.app.outbox.drain();
  await t.app.live.flush();
  return t.database.db
    .select({ type: liveEvents.type, payload: liveEvents.payload })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId))
    .orderBy(liveEvents.id);
}

describe('identity verification through the sandbox', () => {
  it('start opens an attempt (INITIATED), the sandbox page takes two images and passed verifies the shopper, live', async () => {
    const s = await createShopper(t.database.db);
    expect(await record(s)).toBeNull();
    const started = await start(s);
    expect(started.path).toBe(`/sandbox/kyc/${started.workflowExecutionId}`);
    expect(started.jumio).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });

    const page = await t.app.inject({ method: 'GET', url: `${started.path}?secret=${started.secret}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('accept="image/*" capture="environment"');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors');
    expect((await t.app.inject({ method: 'GET', url: `${started.path}?secret=${'x'.repeat(43)}` })).statusCode).toBe(404);

    // Not an image: refused, nothing moves.
    const notImage = await submitOnPage(started, 'passed', { document: 'data:image/png;base64,aGVsbG8=', selfie: PNG });
    expect(notImage.statusCode).toBe(400);
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });

    const done = await submitOnPage(started, 'passed');
    expect(done.statusCode).toBe(200);
    expect(await record(s)).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
    expect(await findVerificationDecision(t.database.db, s.id)).toBe('PASSED');
    const user = getUserResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/getuser' })).json());
    expect(user.jumio).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });

    const events = await eventsOf(s.id);
    expect(events.filter((e) => e.type === 'verificationUpdated').at(-1)?.payload).toEqual({
      jumio: { attempts: 1, decision: 'PASSED', status: 'DONE' },
    });
    expect(events.filter((e) => e.type === 'notification').map((e) => e.payload)).toEqual([
      { type: 'success', content: 'Your identity is verified.' },
    ]);
    // The page has ended.
    expect((await t.app.inject({ method: 'GET', url: `${started.path}?secret=${started.secret}` })).statusCode).toBe(404);
  });

  it('still processing leaves it Pending (ACQUIRED); rejected then asks for a retry, and a retry is a new attempt', async () => {
    const s = await createShopper(t.database.db);
    const first = await start(s);
    expect((await submitOnPage(first, 'processing')).statusCode).toBe(200);
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'ACQUIRED' });
    expect((await submitOnPage(first, 'rejected')).statusCode).toBe(200);
    expect(await record(s)).toEqual({ attempts: 1, decision: 'REJECTED', status: 'DONE' });
    const second = await start(s);
    expect(second.jumio).toEqual({ attempts: 2, decision: null, status: 'INITIATED' });
    expect((await submitOnPage(second, 'expired')).statusCode).toBe(200);
    expect(await record(s)).toEqual({ attempts: 2, decision: null, status: 'EXPIRED' });
    const notices = (await eventsOf(s.id)).filter((e) => e.type === 'notification').map((e) => (e.payload as { type: string }).type);
    expect(notices).toEqual(['error', 'warning']);
  });

  it('a forged or malformed signature is refused (401/400) and changes nothing', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    const body = callbackBody(started.workflowExecutionId, await accountOf(started.workflowExecutionId), 'ACQUIRED');
    const forged = await deliver(body, signedCallbackHeaders('not-the-secret-at-all-0000', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    // A genuine signature of another body does not cover this one.
    const other = signedCallbackHeaders(SECRET, body.replace('ACQUIRED', 'INITIATED'));
    expect((await deliver(body, other)).statusCode).toBe(401);
    expect((await deliver(body, { 'x-jumio-timestamp': 'yesterday', 'x-jumio-signature': 'abc' })).statusCode).toBe(400);
    expect((await deliver(body, {})).statusCode).toBe(400);
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
  });

  it('a stale callback (timestamp 10 minutes old, genuinely signed) is refused and changes nothing', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    const body = callbackBody(started.workflowExecutionId, await accountOf(started.workflowExecutionId), 'SESSION_EXPIRED');
    const stale = await deliver(body, signedCallbackHeaders(SECRET, body, Math.floor(Date.now() / 1000) - 600));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'STALE_REQUEST', field: 'x-jumio-timestamp' });
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
  });

  it('a replayed callback changes nothing the second time', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    // The images were taken (the sandbox now says ACQUIRED); its callback is delivered twice.
    const [acquired] = sandbox().submit(started.workflowExecutionId, started.secret, 'processing')!;
    expect((await deliver(acquired!.body, acquired!.headers)).json()).toMatchObject({ data: { applied: true } });
    expect((await deliver(acquired!.body, acquired!.headers)).json()).toMatchObject({ data: { applied: false } });
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'ACQUIRED' });
    const updates = (await eventsOf(s.id)).filter((e) => e.type === 'verificationUpdated');
    // One for the start, one for ACQUIRED.
    expect(updates).toHaveLength(2);
  });

  it("a genuinely signed callback's claim is not believed: the record takes the provider's state", async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    // Signed (the secret leaked, say) but untrue: the tester submitted nothing, the provider says INITIATED.
    const body = callbackBody(started.workflowExecutionId, await accountOf(started.workflowExecutionId), 'PROCESSED');
    expect((await deliver(body, signedCallbackHeaders(SECRET, body))).json()).toMatchObject({ data: { applied: false } });
    expect(await record(s)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
  });

  it('the same genuine decision callback delivered 10 times at once is applied once', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    // The sandbox decides but its callbacks are delivered here, ten times over.
    const callbacks = sandbox().submit(started.workflowExecutionId, started.secret, 'passed')!;
    const decision = callbacks.at(-1)!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(decision.body, decision.headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().data.applied)).toHaveLength(1);
    expect(await record(s)).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
    expect((await eventsOf(s.id)).filter((e) => e.type === 'notification')).toHaveLength(1);
    // ACQUIRED arriving after the decision changes nothing either.
    expect((await deliver(callbacks[0]!.body, callbacks[0]!.headers)).json()).toMatchObject({ data: { applied: false } });
    expect(await record(s)).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
  });

  it('an out-of-order callback changes nothing: ACQUIRED after the decision, or one for an older attempt', async () => {
    const s = await createShopper(t.database.db);
    const first = await start(s);
    const account = await accountOf(first.workflowExecutionId);
    expect((await submitOnPage(first, 'rejected')).statusCode).toBe(200);
    const late = await deliver(callbackBody(first.workflowExecutionId, account, 'ACQUIRED'));
    expect(late.json()).toMatchObject({ data: { applied: false } });
    expect(await record(s)).toEqual({ attempts: 1, decision: 'REJECTED', status: 'DONE' });

    const second = await start(s);
    const third = await start(s);
    expect(third.jumio.attempts).toBe(3);
    // The shopper keeps one account at the provider across attempts.
    expect(await accountOf(third.workflowExecutionId)).toBe(account);
    const older = await deliver(callbackBody(second.workflowExecutionId, account, 'SESSION_EXPIRED'));
    expect(older.json()).toMatchObject({ data: { applied: false } });
    // Nor can the older attempt's page decide anything for the record.
    await submitOnPage(second, 'passed');
    expect(await record(s)).toEqual({ attempts: 3, decision: null, status: 'INITIATED' });
    // A callback naming another account for this execution is not this attempt's.
    expect((await deliver(callbackBody(third.workflowExecutionId, 'someone-else', 'ACQUIRED'))).json()).toMatchObject({
      data: { applied: false },
    });
    expect((await deliver(callbackBody('no-such-execution', account, 'ACQUIRED'))).json()).toMatchObject({ data: { applied: false } });
    expect(await record(s)).toEqual({ attempts: 3, decision: null, status: 'INITIATED' });
  });

  it('PASSED is final: start is refused (409) and later callbacks change nothing', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    await submitOnPage(started, 'passed');
    const again = await as(t.app, s, { method: 'POST', url: '/api/v1/kyc/jumio/start' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: 'Your identity is already verified.' });
    const account = await accountOf(started.workflowExecutionId);
    expect((await deliver(callbackBody(started.workflowExecutionId, account, 'SESSION_EXPIRED'))).json()).toMatchObject({
      data: { applied: false },
    });
    expect(await record(s)).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
  });

  it("an admin resets a shopper's record (who and when kept); a shopper may not (403); late callbacks of the old attempt change nothing", async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    await submitOnPage(started, 'passed');
    const reset = (who: Shopper, userId = s.id) => as(t.app, who, { method: 'POST', url: `/api/v1/admin/kyc/${userId}/reset` });

    expect((await reset(s)).statusCode).toBe(403);
    expect(await record(s)).toEqual({ attempts: 1, decision: 'PASSED', status: 'DONE' });
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/kyc/${s.id}/reset` })).statusCode).toBe(401);
    expect((await reset(admin, 'no-such-user')).statusCode).toBe(404);

    const done = await reset(admin);
    expect(done.statusCode).toBe(200);
    const { data } = kycResetResponse.parse(done.json());
    expect(data).toMatchObject({ userId: s.id, jumio: { attempts: 0, decision: null, status: null }, resetBy: admin.id });
    const [row] = await t.database.db
      .select()
      .from(kycResets)
      .where(and(eq(kycResets.userId, s.id), eq(kycResets.adminId, admin.id)));
    expect(row).toMatchObject({ previousAttempts: 1, previousDecision: 'PASSED', previousStatus: 'DONE' });
    expect(row!.createdAt.toISOString()).toBe(data.resetAt);
    expect(await record(s)).toEqual({ attempts: 0, decision: null, status: null });

    const again = await start(s);
    expect(again.jumio).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
    // Reset while this one is open: its callbacks then change nothing.
    expect((await reset(admin)).statusCode).toBe(200);
    await submitOnPage(again, 'rejected');
    expect(await record(s)).toEqual({ attempts: 0, decision: null, status: null });
  });

  it("another shopper neither sees nor touches someone's record", async () => {
    const a = await createShopper(t.database.db);
    const b = await createShopper(t.database.db);
    const started = await start(a);
    expect(await record(b)).toBeNull();
    expect((await as(t.app, b, { method: 'POST', url: `/api/v1/admin/kyc/${a.id}/reset` })).statusCode).toBe(403);
    // b's own start is b's attempt only.
    await start(b);
    expect(await record(a)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
    expect(await record(b)).toEqual({ attempts: 1, decision: null, status: 'INITIATED' });
    // a's page cannot be opened with b's attempt's secret, nor the other way round.
    const ofB = await start(b);
    const crossed = await t.app.inject({ method: 'GET', url: `${started.path}?secret=${ofB.secret}` });
    expect(crossed.statusCode).toBe(404);
    // Each shopper hears about their own starts only (each row is delivered with the record as it is then).
    expect((await eventsOf(b.id)).filter((e) => e.type === 'verificationUpdated')).toHaveLength(2);
    expect((await eventsOf(a.id)).filter((e) => e.type === 'verificationUpdated')).toHaveLength(1);
  });

  it('a guest gets 401 from start and record', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/kyc/jumio/start' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/kyc/jumio' })).statusCode).toBe(401);
  });

  it('signs what it says: hex HMAC-SHA256 of "{timestamp}.{body}"', () => {
    expect(signCallback('k', '1700000000', '{}')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the evidence a reviewer sees (issue 24)', () => {
  it('keeps what the provider returned about a rejected check, shows it in the review queue, and never to the shopper', async () => {
    const s = await createShopper(t.database.db);
    const started = await start(s);
    expect((await submitOnPage(started, 'rejected')).statusCode).toBe(200);
    expect(await record(s)).toEqual({ attempts: 1, decision: 'REJECTED', status: 'DONE' });

    const res = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/identity-reviews?limit=100' });
    expect(res.statusCode, res.body).toBe(200);
    const review = adminIdentityReviewsResponse.parse(res.json()).data.reviews.find((r) => r.userId === s.id);
    expect(review?.evidence).toEqual({
      label: 'REJECTED',
      riskScore: 90,
      checks: [
        { capability: 'usability', decision: 'PASSED', label: 'OK' },
        { capability: 'imageChecks', decision: 'REJECTED', label: 'DIGITAL_COPY' },
        { capability: 'extraction', decision: 'NOT_EXECUTED', label: 'PRECONDITION_NOT_FULFILLED' },
        { capability: 'dataChecks', decision: 'NOT_EXECUTED', label: 'PRECONDITION_NOT_FULFILLED' },
        { capability: 'liveness', decision: 'PASSED', label: 'OK' },
        { capability: 'similarity', decision: 'PASSED', label: 'MATCH' },
      ],
      document: null,
    });
    // The shopper's own record is SPEC §3's, nothing more.
    const own = await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' });
    expect(own.body).not.toContain('DIGITAL_COPY');
  });

  it('keeps the document of a passed check: its kind, country and expiry', async () => {
    const s = await createShopper(t.database.db);
    expect((await submitOnPage(await start(s), 'passed')).statusCode).toBe(200);
    const [attempt] = await t.database.db.select().from(kycAttempts).where(eq(kycAttempts.userId, s.id));
    expect(attempt?.evidence?.document).toEqual({
      type: 'DRIVING_LICENSE',
      issuingCountry: 'USA',
      expiryDate: expect.stringMatching(/^\d{4}-06-30$/),
    });
    expect(attempt?.evidence?.checks.every((check) => check.decision === 'PASSED')).toBe(true);
  });
});
