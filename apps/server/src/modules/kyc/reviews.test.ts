// The identity review queue (issue 12, ADR 025): which records wait for a person, an admin's decision,
// the audit entry, and two admins deciding at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAuditResponse, adminDashboardResponse, adminIdentityReviewsResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import { kycRecords } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

async function queue() {
  const res = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/identity-reviews?limit=100' });
  expect(res.statusCode, res.body).toBe(200);
  return adminIdentityReviewsResponse.parse(res.json()).data;
}

async function pendingOnDashboard() {
  const res = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/dashboard' });
  return adminDashboardResponse.parse(res.json()).data.pendingIdentityReviews;
}

const decide = (who: Shopper, userId: string, verb: 'approve' | 'reject', reason = 'Documents checked by hand') =>
  as(t.app, who, { method: 'POST', url: `/api/v1/admin/identity-reviews/${userId}/${verb}`, payload: { reason } });

/** A shopper whose check sits in ACQUIRED since `hoursAgo`. */
async function inChecking(hoursAgo: number) {
  const s = await createShopper(t.database.db);
  await t.database.db
    .insert(kycRecords)
    .values({ userId: s.id, attempts: 1, status: 'ACQUIRED', updatedAt: sql`now() - make_interval(hours => ${hoursAgo})` });
  return s;
}

describe('GET /api/v1/admin/identity-reviews', () => {
  it('lists rejected, warning and not-executed checks and those stuck in checking over a day, and the dashboard counts the same', async () => {
    const rejected = await createShopper(t.database.db);
    await setVerification(t.database.db, rejected.id, 'REJECTED');
    const warning = await createShopper(t.database.db);
    await setVerification(t.database.db, warning.id, 'WARNING');
    const passed = await createShopper(t.database.db);
    await setVerification(t.database.db, passed.id, 'PASSED');
    const stuck = await inChecking(30);
    const fresh = await inChecking(1);

    const { reviews, hasMore } = await queue();
    const byUser = new Map(reviews.map((r) => [r.userId, r]));
    expect(byUser.get(rejected.id)).toMatchObject({ reason: 'rejected', email: rejected.email, decision: 'REJECTED' });
    expect(byUser.get(warning.id)).toMatchObject({ reason: 'warning' });
    expect(byUser.get(stuck.id)).toMatchObject({ reason: 'stuck', status: 'ACQUIRED' });
    expect(byUser.has(passed.id)).toBe(false);
    expect(byUser.has(fresh.id)).toBe(false);
    expect(hasMore).toBe(false);
    expect(await pendingOnDashboard()).toBe(reviews.length);
  });

  it('refuses a guest (401) and a shopper (403)', async () => {
    const shopper = await createShopper(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/identity-reviews' })).statusCode).toBe(401);
    expect((await as(t.app, shopper, { method: 'GET', url: '/api/v1/admin/identity-reviews' })).statusCode).toBe(403);
    await setVerification(t.database.db, shopper.id, 'WARNING');
    expect((await decide(shopper, shopper.id, 'approve')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/admin/identity-reviews/${shopper.id}/approve`, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(401);
    const [record] = await t.database.db.select().from(kycRecords).where(eq(kycRecords.userId, shopper.id));
    expect(record).toMatchObject({ decision: 'WARNING', reviewedAt: null });
  });
});

describe('POST /api/v1/admin/identity-reviews/:userId/approve and /reject', () => {
  it('approves: the shopper is verified, leaves the queue, and the audit log has who, before and after', async () => {
    const s = await createShopper(t.database.db);
    await setVerification(t.database.db, s.id, 'WARNING');
    const before = await pendingOnDashboard();

    const res = await decide(admin, s.id, 'approve', 'Passport matches the selfie');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userId: s.id, decision: 'PASSED', status: 'DONE', reviewedBy: admin.id });

    const user = await as(t.app, s, { method: 'GET', url: '/api/v1/kyc/jumio' });
    expect(user.json().data.jumio).toMatchObject({ decision: 'PASSED', status: 'DONE' });
    expect((await queue()).reviews.some((r) => r.userId === s.id)).toBe(false);
    expect(await pendingOnDashboard()).toBe(before - 1);

    const audit = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?action=kyc.review.approve' });
    expect(adminAuditResponse.parse(audit.json()).data.entries.find((e) => e.targetId === s.id)).toMatchObject({
      actorId: admin.id,
      before: { decision: 'WARNING', status: 'DONE' },
      after: { decision: 'PASSED', status: 'DONE', reason: 'Passport matches the selfie' },
    });
  });

  it('rejects with a reason; a reason is required (400 naming it, nothing changes)', async () => {
    const s = await inChecking(48);
    const missing = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/identity-reviews/${s.id}/reject`,
      payload: { reason: '  ' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('reason');
    expect((await queue()).reviews.some((r) => r.userId === s.id)).toBe(true);

    const res = await decide(admin, s.id, 'reject', 'Photo unreadable');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ decision: 'REJECTED', status: 'DONE' });
    // Reviewed: a rejection by a person does not come back to the queue until the record changes.
    expect((await queue()).reviews.some((r) => r.userId === s.id)).toBe(false);
  });

  it('of two admins deciding at once, one wins and the other gets 409 saying so', async () => {
    const other = await createAdmin(t.database.db);
    const s = await createShopper(t.database.db);
    await setVerification(t.database.db, s.id, 'REJECTED');

    const answers = await Promise.all([decide(admin, s.id, 'approve'), decide(other, s.id, 'reject')]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Another admin already reviewed this identity check.');

    const audit = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?limit=100' });
    const entries = adminAuditResponse
      .parse(audit.json())
      .data.entries.filter((e) => e.targetId === s.id && e.action.startsWith('kyc.review'));
    expect(entries).toHaveLength(1);
  });

  it('answers 404 for a shopper without a record and 409 for one that needs no review', async () => {
    const none = await createShopper(t.database.db);
    expect((await decide(admin, none.id, 'approve')).statusCode).toBe(404);
    const passed = await createShopper(t.database.db);
    await setVerification(t.database.db, passed.id, 'PASSED');
    const res = await decide(admin, passed.id, 'reject');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This identity check does not need a review.');
  });
});
