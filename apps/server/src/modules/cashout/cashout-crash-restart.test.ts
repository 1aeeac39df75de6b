// Issue 10: "The server killed between approving a cash-out and recording the payout: after restart the
// payout is done exactly once." Modelled on payments/ach/ach-crash-restart.test.ts: the real server runs as
// a child process; a verified shopper with winnings and a linked sandbox bank account requests a cash-out
// over HTTP, an admin approves it, and the server kills itself (SIGKILL) right after the sandbox paid
// the bank account, before anything of the payout is recorded. A second process on the same database
// must record it: PAID, one payout at the sandbox under the cash-out's key, the hold emptied once.
// PostgreSQL when DATABASE_URL is set, else PGlite on disk.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashouts, ledgerEntries, users } from '../../db/schema.ts';
import { sandboxAchPayouts } from '../../db/sandbox-schema.ts';
import {
  api,
  linkSandboxBankAccount,
  pollStore,
  freshStoreDatabase,
  fillBillingAddress,
  signUpShopper,
  startStore,
  type StoreDatabase,
  type StoreProcess,
} from '../../../test/support/crash-testing.ts';
import { setVerification } from '../../../test/support/kyc.ts';
import { expectCashoutBooksBalanced, ledgerByWallet } from '../../../test/support/cashout.ts';
import type { CashoutCrashPoint } from './index.ts';

const RUN_TIMEOUT = 180_000;
const CRASH_AT: CashoutCrashPoint = 'cashout-after-payout-call';

type Person = { email: string; token: string; id: string };

async function signUp(store: StoreProcess): Promise<Person> {
  const person = await signUpShopper(store);
  await fillBillingAddress(store, person);
  const user = await api(store, 'GET', 'v1/getuser', undefined, person.token);
  return { ...person, id: (user.json.data as { _id: string })._id };
}

/** With no server holding the database (PGlite allows one): the shopper verified, the admin made one. */
async function withDatabase(database: StoreDatabase, work: (db: Awaited<ReturnType<StoreDatabase['open']>>['db']) => Promise<void>) {
  const opened = await database.open();
  try {
    await work(opened.db);
  } finally {
    await opened.close();
  }
}

describe('a server killed while a cash-out is paid out', () => {
  it(
    'after the provider paid, before it was recorded: the next start records the payout, and pays exactly once',
    { timeout: RUN_TIMEOUT },
    async () => {
      const fresh = await freshStoreDatabase();
      const crashing: StoreDatabase = { ...fresh, env: { ...fresh.env, CRASH_AT } };
      const started: StoreProcess[] = [];
      try {
        const setup = await startStore(fresh);
        started.push(setup);
        const shopper = await signUp(setup);
        const admin = await signUp(setup);
        const bankId = await linkSandboxBankAccount(setup, shopper.token);
        await setup.stop();
        await withDatabase(fresh, async (db) => {
          await setVerification(db, shopper.id);
          await db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
        });

        const first = await startStore(crashing);
        started.push(first);
        const credited = await api(
          first,
          'POST',
          'v1/admin/wallet/adjustments',
          { userId: shopper.id, wallet: 'winWallet', amount: 2_500, reason: 'Winnings' },
          admin.token,
          { 'idempotency-key': randomUUID() },
        );
        expect(credited.status).toBe(200);
        const requested = await api(
          first,
          'POST',
          'v1/third-party/requests/cashouts',
          { amount: 2_000, userPaymentOptionId: bankId },
          shopper.token,
        );
        expect(requested.status).toBe(201);
        const cashoutId = (requested.json.data as { _id: string })._id;
        const answer = await fetch(`${first.url}/api/v1/admin/cashouts/${cashoutId}/approve`, {
          method: 'POST',
          headers: { 'x-auth-token': admin.token },
        }).then(
          (res) => `answered ${res.status}`,
          () => 'no answer',
        );
        expect(answer).toBe('no answer');
        expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

        // What the crash left: approved (who, when), the bank account paid once at the sandbox, the coins still held.
        await withDatabase(fresh, async (db) => {
          const [row] = await db.select().from(cashouts).where(eq(cashouts.id, cashoutId));
          expect(row).toMatchObject({ status: 'APPROVED', decidedBy: admin.id, payoutTransactionId: null });
          expect(row!.decidedAt).not.toBeNull();
          expect(await db.select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, row!.payoutKey))).toHaveLength(1);
          expect(await ledgerByWallet(db, shopper.id)).toEqual({ winWallet: 500, cashOutHold: 2_000 });
        });

        const second = await startStore(fresh);
        started.push(second);
        const mine = async () =>
          (
            (await api(second, 'GET', 'v1/third-party/requests/cashouts', undefined, shopper.token)).json.data as {
              items: { _id: string; status: string }[];
            }
          ).items;
        const seen = await pollStore(mine, (items) => items[0]?.status === 'PAID');
        expect(seen.map((i) => [i._id, i.status])).toEqual([[cashoutId, 'PAID']]);
        // Approving again changes nothing.
        expect((await api(second, 'POST', `v1/admin/cashouts/${cashoutId}/approve`, undefined, admin.token)).status).toBe(409);
        await second.stop();

        await withDatabase(fresh, async (db) => {
          const [row] = await db.select().from(cashouts).where(eq(cashouts.id, cashoutId));
          const paidOut = await db.select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, row!.payoutKey));
          expect(paidOut.map((p) => [p.id, p.status, p.amountCents])).toEqual([[row!.payoutTransactionId, 'approved', 2_000]]);
          expect(
            await db
              .select()
              .from(ledgerEntries)
              .where(eq(ledgerEntries.reference, `cashout:${cashoutId}:payout`)),
          ).toHaveLength(1);
          expect(await ledgerByWallet(db, shopper.id)).toEqual({ winWallet: 500, cashOutHold: 0 });
          await expectCashoutBooksBalanced(db, shopper.id);
        });
      } finally {
        for (const store of started) await store.stop();
        await fresh.drop();
      }
    },
  );
});
