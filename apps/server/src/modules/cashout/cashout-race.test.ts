// Issue 10: 30 cash-out requests for the whole winWallet at once, as real parallel HTTP requests: exactly
// one is accepted, the others refused (422), winWallet never below zero, the ledger balanced. And two
// admins approving the same cash-out at once: one payout, one 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import type { Shopper } from '../../../test/support/checkout.ts';
import { createAdmin, expectCashoutBooksBalanced, ledgerByWallet, readyShopper } from '../../../test/support/cashout.ts';
import { cashouts } from '../../db/schema.ts';
import { sandboxAchPayouts } from '../../db/sandbox-schema.ts';

let t: TestApp;
let admin: Shopper;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

async function post(path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'x-auth-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, json: (await res.json()) as { code?: string; data?: { _id: string; status: string } } };
}

describe('cash-out races', () => {
  it('30 requests for the whole winWallet at once: exactly one accepted, the ledger balanced', { timeout: 120_000 }, async () => {
    const s = await readyShopper(t.app, t.database.db, admin, { winnings: 4_321 });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post('v1/third-party/requests/cashouts', s.token, { amount: 4_321, userPaymentOptionId: s.bankId })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x !== 201).every((x) => x === 422 || x === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 422).every((a) => a.json.code === 'INSUFFICIENT_WINNINGS')).toBe(true);
    expect(await ledgerByWallet(t.database.db, s.id)).toEqual({ winWallet: 0, cashOutHold: 4_321 });
    expect(await t.database.db.select().from(cashouts).where(eq(cashouts.userId, s.id))).toHaveLength(1);
    await expectCashoutBooksBalanced(t.database.db, s.id);
  });

  it('two approvals at once: one payout, the other 409', { timeout: 60_000 }, async () => {
    const s = await readyShopper(t.app, t.database.db, admin, { winnings: 3_000 });
    const requested = await post('v1/third-party/requests/cashouts', s.token, { amount: 3_000, userPaymentOptionId: s.bankId });
    expect(requested.status).toBe(201);
    const id = requested.json.data!._id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(`v1/admin/cashouts/${id}/approve`, admin.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const [row] = await t.database.db.select().from(cashouts).where(eq(cashouts.id, id));
    expect(row).toMatchObject({ status: 'PAID', decidedBy: admin.id });
    expect(await t.database.db.select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, row!.payoutKey))).toHaveLength(
      1,
    );
    expect(await ledgerByWallet(t.database.db, s.id)).toEqual({ winWallet: 0, cashOutHold: 0 });
    await expectCashoutBooksBalanced(t.database.db, s.id);
  });
});
