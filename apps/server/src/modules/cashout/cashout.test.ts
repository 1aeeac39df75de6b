// Cash-outs (issue 10, ADR 017) through the API as a shopper and an admin see them: the request and its
// rules, the coins held through the ledger, the admin's approval (the sandbox pays the bank account) or
// rejection (the coins come back), the failed payout, and what reaches the shopper's open tabs.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminCashoutListResponse, adminCashoutResponse, cashoutListResponse, cashoutResponse, walletHistoryResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, STARTER_POUCH, type Shopper } from '../../../test/support/checkout.ts';
import { achControl, achStatus, payAch, SANDBOX_ACCOUNTS } from '../../../test/support/ach.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import {
  createAdmin,
  expectCashoutBooksBalanced,
  ledgerByWallet,
  readyShopper,
  requestCashout,
  type CashoutShopper,
} from '../../../test/support/cashout.ts';
import { collectEvents, connectShopperSocket } from '../../../test/support/live-client.ts';
import { cashouts, users } from '../../db/schema.ts';
import { sandboxAchPayouts } from '../../db/sandbox-schema.ts';
import { getCashoutSettings, saveCashoutSettings, STARTER_CASHOUT_SETTINGS } from '../settings/index.ts';
import { getWalletCoins } from '../wallet/index.ts';

let t: TestApp;
let admin: Shopper;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const db = () => t.database.db;
const ready = (opts: Parameters<typeof readyShopper>[3] = {}) => readyShopper(t.app, db(), admin, { winnings: 5_000, ...opts });
const approve = (who: Shopper, id: string) => as(t.app, who, { method: 'POST', url: `/api/v1/admin/cashouts/${id}/approve` });
const reject = (who: Shopper, id: string, reason = 'Documents do not match') =>
  as(t.app, who, { method: 'POST', url: `/api/v1/admin/cashouts/${id}/reject`, payload: { reason } });
const myCashouts = async (s: Shopper) => {
  const res = await as(t.app, s, { method: 'GET', url: '/api/v1/third-party/requests/cashouts' });
  expect(res.statusCode, res.body).toBe(200);
  return cashoutListResponse.parse(res.json()).data;
};
const history = async (s: Shopper) =>
  walletHistoryResponse.parse((await as(t.app, s, { method: 'GET', url: '/api/v1/wallet/history' })).json()).data.entries;

/** Live events arrive after the outbox delivers them: wait for them generously. */
const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

describe('a shopper cashes out winnings; an admin approves and the bank account is paid', () => {
  it('holds the coins at once, pays on approval, records who and when, and tells the shopper live', async () => {
    const s = await ready();
    const socket = await connectShopperSocket(baseUrl, s);
    try {
      const updates = collectEvents(socket, 'cashoutUpdated');
      const wallets = collectEvents(socket, 'walletUpdated');
      const toasts = collectEvents(socket, 'notification');

      const res = await requestCashout(t.app, s, { amount: 2_000, userPaymentOptionId: s.bankId });
      expect(res.statusCode, res.body).toBe(201);
      const item = cashoutResponse.parse(res.json()).data;
      expect(item).toMatchObject({ amount: 2_000, amountCents: 2_000, status: 'PENDING', userPaymentOptionId: s.bankId, last4: '0001' });

      // The three wallets the shopper sees drop at once; the ledger keeps the coins in the hold.
      expect(await getWalletCoins(db(), s.id)).toEqual({ purchasedWallet: 0, winWallet: 3_000, stackingWallet: 0 });
      expect(await ledgerByWallet(db(), s.id)).toEqual({ winWallet: 3_000, cashOutHold: 2_000 });
      expect((await history(s)).slice(0, 2).map((e) => [e.kind, e.wallet, e.amount])).toEqual(
        expect.arrayContaining([
          ['cashOutHold', 'winWallet', -2_000],
          ['cashOutHold', 'cashOutHold', 2_000],
        ]),
      );
      const listed = await myCashouts(s);
      expect(listed.items.map((i) => [i._id, i.status])).toEqual([[item._id, 'PENDING']]);
      expect(listed.rules).toEqual({ ...STARTER_CASHOUT_SETTINGS, coinsPerDollar: 100 });

      const approved = await approve(admin, item._id);
      expect(approved.statusCode, approved.body).toBe(200);
      const decided = adminCashoutResponse.parse(approved.json()).data;
      expect(decided).toMatchObject({ _id: item._id, status: 'PAID', userId: s.id, decidedBy: admin.id });
      expect(Date.parse(decided.decidedAt!)).toBeLessThanOrEqual(Date.parse(decided.paidAt!));

      // Paid once at the sandbox, under the cash-out's own key; the hold is empty and the history says payout.
      const [row] = await db().select().from(cashouts).where(eq(cashouts.id, item._id));
      const paidOut = await db().select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, row!.payoutKey));
      expect(paidOut.map((p) => [p.status, p.amountCents, p.accountId, p.id])).toEqual([
        ['approved', 2_000, s.bankId, row!.payoutTransactionId],
      ]);
      expect(await ledgerByWallet(db(), s.id)).toEqual({ winWallet: 3_000, cashOutHold: 0 });
      expect((await history(s))[0]).toMatchObject({ kind: 'payout', wallet: 'cashOutHold', amount: -2_000 });
      await expectCashoutBooksBalanced(db(), s.id);

      await eventually(() => {
        // One update per change; each carries the cash-out as it is when delivered, so a late one may already say PAID.
        expect(updates).toHaveLength(3);
        expect(updates.at(-1)?.item).toMatchObject({ _id: item._id, status: 'PAID' });
        expect(toasts.map((n) => n.type)).toContain('success');
        expect(wallets.at(-1)?.coins).toEqual({ purchasedWallet: 0, winWallet: 3_000, stackingWallet: 0 });
      });
      expect(toasts.find((n) => n.type === 'success')?.content).toMatch(/paid to Sandbox Federal Bank ••0001/);

      // Decided once: approving or rejecting it again is a conflict.
      expect((await approve(admin, item._id)).statusCode).toBe(409);
      expect((await reject(admin, item._id)).statusCode).toBe(409);
    } finally {
      socket.disconnect();
    }
  });

  it('lists the shopper’s cash-outs newest first', async () => {
    const s = await ready();
    const first = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId })).json()).data;
    const second = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_500, userPaymentOptionId: s.bankId })).json()).data;
    expect((await myCashouts(s)).items.map((i) => i._id)).toEqual([second._id, first._id]);
    expect(await getWalletCoins(db(), s.id)).toMatchObject({ winWallet: 2_500 });
  });
});

describe('rejection and a refused payout give the coins back', () => {
  it('rejects with the reason, who and when; the coins return to winWallet; it cannot be approved after', async () => {
    const s = await ready();
    const item = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_200, userPaymentOptionId: s.bankId })).json()).data;
    const res = await reject(admin, item._id, 'Please verify your bank account first.');
    expect(res.statusCode, res.body).toBe(200);
    const decided = adminCashoutResponse.parse(res.json()).data;
    expect(decided).toMatchObject({ status: 'REJECTED', rejectionReason: 'Please verify your bank account first.', decidedBy: admin.id });
    expect(decided.decidedAt).not.toBeNull();
    expect(await getWalletCoins(db(), s.id)).toMatchObject({ winWallet: 5_000 });
    expect((await history(s)).slice(0, 2).map((e) => [e.kind, e.wallet, e.amount])).toEqual(
      expect.arrayContaining([
        ['return', 'winWallet', 1_200],
        ['return', 'cashOutHold', -1_200],
      ]),
    );
    expect((await approve(admin, item._id)).statusCode).toBe(409);
    expect((await reject(admin, item._id)).json()).toMatchObject({ success: false, code: 'CASHOUT_ALREADY_DECIDED' });
    await expectCashoutBooksBalanced(db(), s.id);
  });

  it('a payout the bank refuses is FAILED with its reason and the coins return', async () => {
    const s = await ready({ accountNumber: SANDBOX_ACCOUNTS.fails });
    const item = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId })).json()).data;
    const res = await approve(admin, item._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCashoutResponse.parse(res.json()).data).toMatchObject({ status: 'FAILED', decidedBy: admin.id, paidAt: null });
    expect((await myCashouts(s)).items[0]).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/R03/) });
    expect(await getWalletCoins(db(), s.id)).toMatchObject({ winWallet: 5_000 });
    await expectCashoutBooksBalanced(db(), s.id);
  });

  it('an unknown cash-out is 404', async () => {
    expect((await approve(admin, 'no-such-cashout')).statusCode).toBe(404);
  });
});

describe('bad input and broken rules: a clear 4xx naming the field or rule, nothing moved', () => {
  const expectNothingMoved = async (s: CashoutShopper) => {
    expect((await ledgerByWallet(db(), s.id)).winWallet).toBe(5_000);
    expect((await ledgerByWallet(db(), s.id)).cashOutHold).toBeUndefined();
    expect(await db().select().from(cashouts).where(eq(cashouts.userId, s.id))).toEqual([]);
  };

  it.each([
    ['negative', -100],
    ['zero', 0],
    ['fractional', 1000.5],
    ['a string', '1000'],
    ['missing', undefined],
  ])('an amount that is %s: 400 naming amount', async (_label, amount) => {
    const s = await ready();
    const res = await requestCashout(t.app, s, { amount, userPaymentOptionId: s.bankId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'amount' });
    await expectNothingMoved(s);
  });

  it('an unknown field: 400 naming it', async () => {
    const s = await ready();
    const res = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId, wallet: 'purchasedWallet' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'wallet' });
    await expectNothingMoved(s);
  });

  it('without a PASSED verification: 422 VERIFICATION_REQUIRED', async () => {
    const unverified = await ready({ verified: false });
    const res = await requestCashout(t.app, unverified, { amount: 1_000, userPaymentOptionId: unverified.bankId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED', field: 'verification' });
    await expectNothingMoved(unverified);
    const failed = await ready();
    await setVerification(db(), failed.id, 'REJECTED');
    const again = await requestCashout(t.app, failed, { amount: 1_000, userPaymentOptionId: failed.bankId });
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_REQUIRED' });
    await expectNothingMoved(failed);
  });

  it('without a billing country on the profile (the payout carries it, ADR 039): 422 PAYER_DETAILS_REQUIRED naming address.country', async () => {
    const s = await ready();
    const [row] = await db().select({ address: users.address }).from(users).where(eq(users.id, s.id));
    await db()
      .update(users)
      .set({ address: { ...row!.address!, country: '' } })
      .where(eq(users.id, s.id));
    const res = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYER_DETAILS_REQUIRED', field: 'address.country' });
    expect(res.json().message).toMatch(/billing country/);
    await expectNothingMoved(s);
  });

  it('the sandbox refuses a payout without the billing address or the IP, as Nuvei does: nothing is paid', async () => {
    const s = await ready();
    const provider = t.app.paymentProviders.forMethod('bank_account') as unknown as { payout: (r: object) => Promise<unknown> };
    const request = { idempotencyKey: 'payout-no-payer', userId: s.id, userPaymentOptionId: s.bankId, amountCents: 1_000, currency: 'USD' };
    const billingAddress = { firstName: 'Mei', lastName: 'Lin', email: s.email, country: 'US' };
    await expect(provider.payout({ ...request, payer: { ipAddress: '203.0.113.7', ...billingAddress, country: '' } })).rejects.toThrow(
      /1014 Invalid country code/,
    );
    await expect(provider.payout({ ...request, payer: { ipAddress: null, ...billingAddress } })).rejects.toThrow(/deviceDetails.ipAddress/);
    expect(await db().select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, 'payout-no-payer'))).toEqual([]);
  });

  it('from a state that is not whitelisted: 422 STATE_NOT_ALLOWED', async () => {
    const s = await ready();
    // The shopper moved to Washington after linking the account (purchases are not allowed from there either).
    await db()
      .update(users)
      .set({ address: { street: '1 Pine St', city: 'Seattle', state: 'WA', zipCode: '98101', country: 'US' } })
      .where(eq(users.id, s.id));
    const res = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'STATE_NOT_ALLOWED', field: 'state' });
    await expectNothingMoved(s);
  });

  it('below the minimum or above the maximum: 422 naming amount', async () => {
    const s = await ready({ winnings: 200_000 });
    const low = await requestCashout(t.app, s, { amount: STARTER_CASHOUT_SETTINGS.minCoins - 1, userPaymentOptionId: s.bankId });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: 'BELOW_MINIMUM', field: 'amount' });
    expect(low.json().message).toBe(`The smallest cash-out is ${STARTER_CASHOUT_SETTINGS.minCoins.toLocaleString('en-US')} coins.`);
    const high = await requestCashout(t.app, s, { amount: STARTER_CASHOUT_SETTINGS.maxCoins + 1, userPaymentOptionId: s.bankId });
    expect(high.statusCode).toBe(422);
    expect(high.json()).toMatchObject({ code: 'ABOVE_MAXIMUM', field: 'amount' });
    expect(await db().select().from(cashouts).where(eq(cashouts.userId, s.id))).toEqual([]);
  });

  it('more than the winnings: 422 INSUFFICIENT_WINNINGS', async () => {
    const s = await ready();
    const res = await requestCashout(t.app, s, { amount: 5_001, userPaymentOptionId: s.bankId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_WINNINGS',
      field: 'amount',
      message: 'You have 5,000 coins of winnings, so you can cash out at most that.',
    });
    await expectNothingMoved(s);
  });

  it('over the daily limit (rejected ones do not count): 422 DAILY_LIMIT', async () => {
    const before = await getCashoutSettings(db());
    await saveCashoutSettings(db(), { ...before, dailyLimitCoins: 2_500 });
    try {
      const s = await ready();
      const first = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 2_000, userPaymentOptionId: s.bankId })).json()).data;
      const over = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({
        code: 'DAILY_LIMIT',
        field: 'amount',
        message: 'You can cash out at most 2,500 coins a day; 500 are left today.',
      });
      expect(await getWalletCoins(db(), s.id)).toMatchObject({ winWallet: 3_000 });
      expect((await reject(admin, first._id)).statusCode).toBe(200);
      expect((await requestCashout(t.app, s, { amount: 2_500, userPaymentOptionId: s.bankId })).statusCode).toBe(201);
    } finally {
      await saveCashoutSettings(db(), before);
    }
  });

  it('within the hold after a bank purchase settled: 422 ACH_HOLD', async () => {
    const s = await ready();
    // A Starter Pouch paid from the linked account; the sandbox settles the debit now.
    const bought = await as(t.app, s, {
      method: 'POST',
      url: `/api/v1/checkout/buy/${STARTER_POUCH}`,
      payload: { type: 'product', quantity: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const paid = await payAch(t.app, s, { orderId: bought.json().data._id, userPaymentOptionId: s.bankId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await achControl(t.app, paid.json().data.transactionId, 'settle')).statusCode).toBe(200);
    await eventually(async () => expect((await achStatus(t.app, s, bought.json().data._id)).status).toBe('settled'));
    const res = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'ACH_HOLD', field: 'achHold' });
    // In words, with the date as people write it (issue 24).
    expect(res.json().message).toMatch(
      /^After a bank purchase settles, cash-outs wait 72 hours: you can cash out from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC\.$/,
    );
    await expectNothingMoved(s);
  });

  it("to another shopper's bank account: 403; to no saved account: 422 naming userPaymentOptionId", async () => {
    const s = await ready();
    const other = await ready();
    const res = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: other.bankId });
    expect(res.statusCode).toBe(403);
    const none = await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: 'upo_ach_nothing' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'BANK_ACCOUNT_NOT_FOUND', field: 'userPaymentOptionId' });
    await expectNothingMoved(s);
    await expectNothingMoved(other);
  });

  it('a guest gets 401; an admin cannot request one (role USER)', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/third-party/requests/cashouts',
      payload: { amount: 1_000, userPaymentOptionId: 'x' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await requestCashout(t.app, admin, { amount: 1_000, userPaymentOptionId: 'x' })).statusCode).toBe(403);
  });
});

describe('admin endpoints', () => {
  it('answer a shopper 403 and change nothing', async () => {
    const s = await ready();
    const item = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId })).json()).data;
    expect((await as(t.app, s, { method: 'GET', url: '/api/v1/admin/cashouts' })).statusCode).toBe(403);
    expect((await approve(s, item._id)).statusCode).toBe(403);
    expect((await reject(s, item._id)).statusCode).toBe(403);
    expect((await myCashouts(s)).items[0]!.status).toBe('PENDING');
  });

  it('list cash-outs by status, newest first', async () => {
    const s = await ready();
    const item = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId })).json()).data;
    const pending = adminCashoutListResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/cashouts?status=PENDING' })).json(),
    ).data;
    expect(pending.every((c) => c.status === 'PENDING')).toBe(true);
    // The shopper by e-mail and name, never by id alone (issue 24).
    expect(pending[0]).toMatchObject({
      _id: item._id,
      userId: s.id,
      email: s.email,
      name: 'Mei Lin',
      decidedBy: null,
      decidedByEmail: null,
    });
    // The history: a rejected one, with the admin who decided it, by e-mail.
    expect((await reject(admin, item._id, 'Bank details do not match')).statusCode).toBe(200);
    const rejected = adminCashoutListResponse.parse(
      (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/cashouts?status=REJECTED' })).json(),
    ).data;
    expect(rejected.find((c) => c._id === item._id)).toMatchObject({ status: 'REJECTED', email: s.email, decidedByEmail: admin.email });
    expect((await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/cashouts?status=LOST' })).statusCode).toBe(400);
    const other = cashoutResponse.parse((await requestCashout(t.app, s, { amount: 1_000, userPaymentOptionId: s.bankId })).json()).data;
    const rejectBlank = await reject(admin, other._id, '   ');
    expect(rejectBlank.statusCode).toBe(400);
    expect(rejectBlank.json()).toMatchObject({ field: 'reason' });
  });
});
