// The audit log of admin changes (issue 12): written with the change, shown in the console, never edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAuditResponse, cashoutResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin, readyShopper, requestCashout } from '../../../test/support/cashout.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import { adjustWalletAs } from '../../../test/support/wallet.ts';
import { adminAuditLog } from '../../db/schema.ts';

let t: TestApp;
let admin: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
});
afterAll(() => t.close());

const adjust = (who: Shopper, payload: Record<string, unknown>) => adjustWalletAs(t.app, who, payload);

async function audit(who: Shopper, query: string) {
  const res = await as(t.app, who, { method: 'GET', url: `/api/v1/admin/audit${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return adminAuditResponse.parse(res.json()).data;
}

describe('GET /api/v1/admin/audit', () => {
  it("shows a wallet adjustment: who, what, the wallet's coins before and after, when", async () => {
    const s = await createShopper(t.database.db);
    await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 700, reason: 'Prize paid by hand' });
    const res = await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: -200, reason: 'Duplicate prize' });
    expect(res.statusCode, res.body).toBe(200);

    const { entries } = await audit(admin, `?action=wallet.adjust&actor=${admin.id}`);
    const mine = entries.filter((e) => e.targetId === s.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'wallet.adjust',
      targetType: 'user',
      // The shopper as the console shows people: by e-mail (issue 24).
      targetLabel: s.email,
      before: { wallet: 'winWallet', coins: 700 },
      after: { wallet: 'winWallet', coins: 500, amount: -200, reason: 'Duplicate prize' },
    });
    expect(mine[1]).toMatchObject({ before: { coins: 0 }, after: { coins: 700, amount: 700 } });
    expect(Date.parse(mine[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(mine[1]!.createdAt));
  });

  it('has no entry for an adjustment that was refused: the change and its record commit together', async () => {
    const s = await createShopper(t.database.db);
    const refused = await adjust(admin, { userId: s.id, wallet: 'stackingWallet', amount: -5, reason: 'Nothing to take' });
    expect(refused.statusCode).toBe(422);
    const { entries } = await audit(admin, '?action=wallet.adjust&limit=100');
    expect(entries.filter((e) => e.targetId === s.id)).toEqual([]);
  });

  it("records a cash-out's approval and rejection", async () => {
    const shopper = await readyShopper(t.app, t.database.db, admin, { winnings: 6_000 });
    const ids: string[] = [];
    for (const amount of [2_000, 1_500]) {
      const res = await requestCashout(t.app, shopper, { amount, userPaymentOptionId: shopper.bankId });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(cashoutResponse.parse(res.json()).data._id);
    }
    const approved = await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/cashouts/${ids[0]}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await as(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin/cashouts/${ids[1]}/reject`,
      payload: { reason: 'Bank details do not match.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const approvals = (await audit(admin, '?action=cashout.approve')).entries;
    expect(approvals.find((e) => e.targetId === ids[0])).toMatchObject({
      actorId: admin.id,
      targetType: 'cashout',
      targetLabel: shopper.email,
      before: { status: 'PENDING' },
      after: { status: 'APPROVED', amount: 2_000, userId: shopper.id },
    });
    const rejections = (await audit(admin, '?action=cashout.reject')).entries;
    expect(rejections.find((e) => e.targetId === ids[1])).toMatchObject({
      before: { status: 'PENDING' },
      after: { status: 'REJECTED', amount: 1_500, rejectionReason: 'Bank details do not match.' },
    });
    // A second decision on the same cash-out is refused (409) and records nothing.
    const again = await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/cashouts/${ids[1]}/approve` });
    expect(again.statusCode).toBe(409);
    expect((await audit(admin, '?action=cashout.approve')).entries.filter((e) => e.targetId === ids[1])).toEqual([]);
  });

  it('records a verification reset with the record it replaced', async () => {
    const s = await createShopper(t.database.db);
    await setVerification(t.database.db, s.id, 'REJECTED');
    const res = await as(t.app, admin, { method: 'POST', url: `/api/v1/admin/kyc/${s.id}/reset` });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await audit(admin, '?action=kyc.reset')).entries.find((e) => e.targetId === s.id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      before: { attempts: 1, decision: 'REJECTED', status: 'DONE' },
      after: { attempts: 0, decision: null, status: null },
    });
  });

  it('pages newest first, filtered by the admin who acted', async () => {
    const other = await createAdmin(t.database.db);
    const s = await createShopper(t.database.db);
    for (const amount of [1, 2, 3]) await adjust(other, { userId: s.id, wallet: 'stackingWallet', amount, reason: `step ${amount}` });

    const first = await audit(admin, `?actor=${other.id}&limit=2`);
    expect(first).toMatchObject({ page: 1, limit: 2, hasMore: true });
    const second = await audit(admin, `?actor=${other.id}&limit=2&page=2`);
    expect(second).toMatchObject({ page: 2, limit: 2, hasMore: false });
    const amounts = [...first.entries, ...second.entries].map((e) => (e.after as { amount: number }).amount);
    expect(amounts).toEqual([3, 2, 1]);
    // By the admin's e-mail, in any case, as the console's filter asks (issue 24): the same entries.
    const byEmail = await audit(admin, `?actorEmail=${encodeURIComponent(other.email.toUpperCase())}&limit=10`);
    expect(byEmail.entries.map((e) => (e.after as { amount: number }).amount)).toEqual([3, 2, 1]);
    expect((await audit(admin, '?actorEmail=nobody%40example.test')).entries).toEqual([]);
    expect([...first.entries, ...second.entries].every((e) => e.actorId === other.id)).toBe(true);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?page=two', 'page'],
    ['?page=-1', 'page'],
    ['?actor=', 'actor'],
    ['?action=%20%20', 'action'],
    ['?sort=asc', 'sort'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await as(t.app, admin, { method: 'GET', url: `/api/v1/admin/audit${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });
});

/** The database's own message when it refuses a statement (Drizzle wraps it as the cause of its error). */
async function databaseRefusal(attempt: PromiseLike<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return cause?.message ?? (err as Error).message;
  }
  return 'not refused';
}

describe('the audit log table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks: its rows stay as written', async () => {
    const s = await createShopper(t.database.db);
    await adjust(admin, { userId: s.id, wallet: 'winWallet', amount: 50, reason: 'To be hidden' });
    const db = t.database.db;
    const before = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, s.id));
    expect(before).toHaveLength(1);

    const attempts = [
      db.update(adminAuditLog).set({ action: 'nothing.happened' }).where(eq(adminAuditLog.targetId, s.id)),
      db.delete(adminAuditLog).where(eq(adminAuditLog.targetId, s.id)),
      db.execute(sql`DELETE FROM admin_audit_log`),
      db.execute(sql`TRUNCATE admin_audit_log`),
    ];
    for (const attempt of attempts)
      expect(await databaseRefusal(attempt)).toMatch(/admin_audit_log is append-only: (UPDATE|DELETE|TRUNCATE) refused/);

    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, s.id))).toEqual(before);
  });
});
