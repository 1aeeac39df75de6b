// The built-in ACH sandbox: behaves like Nuvei's bank payments (apmgw_ACH) with its own book of linked
// accounts and debits (ADR 011). A debit is pending until it settles, ACH_SANDBOX_SETTLE_MS after it
// was made (the settlement clock, delivery.ts), or at once through a control (control-routes.ts); the test
// account numbers decide whether it settles, fails before settlement, or is returned after it. Each
// change of a debit is told to the store as a signed notification at POST v1/nuvei/notify.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { sandboxAchAccounts, sandboxAchDebits } from '../../../../../db/sandbox-schema.ts';
import type { Declined, LookupOutcome } from '@store/server-kit';
import { NUVEI_WEBHOOK } from '../../transactions.ts';
import { isRoutingNumber, returnReason } from '../return-codes.ts';
import { ACH_METHODS, type BankAccountProvider } from '@store/server-kit';
import { ACH_SIGNATURE_HEADER, signAchNotification, verifyAchNotification, type AchNotification } from './notification.ts';
import { outcomeOf, SANDBOX_BANK_NAMES, SANDBOX_TEST_ACCOUNTS } from './test-accounts.ts';
import type { PayoutProvider } from '@store/server-kit';
import { sandboxAchPayout } from './payout.ts';
import { missingPayerField } from '../../sandbox/checksum-rules.ts';
import { nuveiPayerFields } from './payer-fields.ts';

type DebitRow = typeof sandboxAchDebits.$inferSelect;

/** A notification to deliver to the store's webhook, signed. */
export interface SignedAchNotification {
  body: AchNotification;
  signature: string;
}

export type AchSandbox = BankAccountProvider & {
  /** Settles a pending debit now. Null when there is no pending debit of that id. */
  settleNow(transactionId: string): Promise<SignedAchNotification | null>;
  /** Refuses a pending debit now with a return code (a failure before settlement). */
  failNow(transactionId: string, returnCode: string): Promise<SignedAchNotification | null>;
  /** Takes a settled debit back now with a return code (a return after settlement). */
  returnNow(transactionId: string, returnCode: string): Promise<SignedAchNotification | null>;
  /** What the settlement clock finds due at `now`: debits to settle, fail or return; each changed once. */
  dueNotifications(now?: Date): Promise<SignedAchNotification[]>;
  /** A credit to a linked account, once per idempotency key (payout.ts; cash-outs, issue 10). */
  payout: PayoutProvider['payout'];
};

export interface AchSandboxOptions {
  db: Db;
  webhookSecret: string;
  /** How long a debit waits before it settles (and a returning account's debit before it is returned). */
  settleMs: number;
}

// Nuvei transaction ids are long digit strings; ours look alike.
const newTransactionId = () => (randomBytes(8).readBigUInt64BE() % 10n ** 18n).toString().padStart(18, '2');

const BATCH = 50;

export function createAchSandbox({ db, webhookSecret, settleMs }: AchSandboxOptions): AchSandbox {
  const signed = (row: DebitRow, event: AchNotification['event']): SignedAchNotification => {
    const body: AchNotification = {
      transactionId: row.id,
      clientUniqueId: row.clientUniqueId,
      orderId: row.orderId,
      event,
      amountCents: row.amountCents,
      currency: 'USD',
      returnCode: event === 'Settled' ? null : row.returnCode,
      timestamp: new Date().toISOString(),
    };
    return { body, signature: signAchNotification(webhookSecret, body) };
  };

  /** Moves a debit from one status to another; only one caller wins a race. */
  async function move(
    id: string,
    from: DebitRow['status'],
    patch: Partial<typeof sandboxAchDebits.$inferInsert>,
  ): Promise<DebitRow | null> {
    const [row] = await db
      .update(sandboxAchDebits)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(sandboxAchDebits.id, id), eq(sandboxAchDebits.status, from)))
      .returning();
    return row ?? null;
  }

  const settle = async (id: string) => {
    const row = await move(id, 'pending', { status: 'settled' });
    return row ? signed(row, 'Settled') : null;
  };
  const fail = async (id: string, returnCode: string) => {
    const row = await move(id, 'pending', { status: 'failed', returnCode });
    return row ? signed(row, 'Failed') : null;
  };
  const takeBack = async (id: string, returnCode: string) => {
    const row = await move(id, 'settled', { status: 'returned', returnCode });
    return row ? signed(row, 'Returned') : null;
  };

  const declined = (transactionId: string, code: string): Declined => ({
    status: 'declined',
    transactionId,
    code: 'BANK_PAYMENT_FAILED',
    reason: returnReason(code),
  });

  async function lookup(paymentId: string): Promise<LookupOutcome> {
    const [row] = await db
      .select()
      .from(sandboxAchDebits)
      .where(eq(sandboxAchDebits.clientUniqueId, paymentId))
      .orderBy(desc(sandboxAchDebits.createdAt))
      .limit(1);
    if (!row) return { status: 'none' };
    switch (row.status) {
      case 'pending':
        return { status: 'pending', transactionId: row.id };
      case 'settled':
        return { status: 'approved', transactionId: row.id, amountCents: row.amountCents, currency: 'USD', card: null };
      case 'failed':
        return declined(row.id, row.returnCode ?? 'R03');
      // The money went back to the payer: nothing stands to be credited.
      case 'returned':
      case 'refunded':
        return { status: 'refunded', transactionId: row.id };
    }
  }

  return {
    name: 'nuvei-ach-sandbox',
    methods: ACH_METHODS,
    webhook: NUVEI_WEBHOOK,
    testAccounts: SANDBOX_TEST_ACCOUNTS,

    async addBankAccount({ userId, account }) {
      // As the provider checks them: a routing number of a known bank, an account number of 4 to 17 digits.
      if (!isRoutingNumber(account.routingNumber)) return { status: 'refused', reason: 'This routing number is not valid.' };
      const bankName = SANDBOX_BANK_NAMES[account.routingNumber];
      if (!bankName) return { status: 'refused', reason: 'No bank answers to this routing number.' };
      if (!/^\d{4,17}$/.test(account.accountNumber)) return { status: 'refused', reason: 'The account number must have 4 to 17 digits.' };
      const { outcome, returnCode } = outcomeOf(account.accountNumber);
      // Stable per shopper and account, like the provider's userPaymentOptionId; a hash, so it reveals no number.
      const id = `upo_ach_${createHash('sha256')
        .update(`${userId}:${account.routingNumber}:${account.accountNumber}`)
        .digest('hex')
        .slice(0, 24)}`;
      const last4 = account.accountNumber.slice(-4);
      await db
        .insert(sandboxAchAccounts)
        .values({ id, userTokenId: userId, bankName, last4, accountType: account.accountType, outcome, returnCode })
        .onConflictDoUpdate({ target: sandboxAchAccounts.id, set: { removedAt: null, accountType: account.accountType } });
      return { status: 'linked', userPaymentOptionId: id, bankName, last4, accountType: account.accountType };
    },

    async removeBankAccount({ userId, userPaymentOptionId }) {
      await db
        .update(sandboxAchAccounts)
        .set({ removedAt: new Date() })
        .where(and(eq(sandboxAchAccounts.id, userPaymentOptionId), eq(sandboxAchAccounts.userTokenId, userId)));
    },

    async start(req) {
      if (req.source.method !== 'bank_account') throw new Error(`The ACH sandbox was asked to pay with '${req.source.method}'.`);
      // As Nuvei refuses a bank debit without the payer's billing address and IP: an ERROR answer, no debit.
      const refused = missingPayerField(nuveiPayerFields(req.payer));
      if (refused) throw new Error(`Nuvei payment failed: ${refused.errCode} ${refused.reason}`);
      const [account] = await db
        .select()
        .from(sandboxAchAccounts)
        .where(
          and(
            eq(sandboxAchAccounts.id, req.source.userPaymentOptionId),
            eq(sandboxAchAccounts.userTokenId, req.userId),
            isNull(sandboxAchAccounts.removedAt),
          ),
        )
        .limit(1);
      if (!account) return declined(newTransactionId(), 'R03');
      const id = newTransactionId();
      await db.insert(sandboxAchDebits).values({
        id,
        clientUniqueId: req.paymentId,
        orderId: req.orderId,
        userTokenId: req.userId,
        accountId: account.id,
        amountCents: req.amountCents,
        status: 'pending',
        settleAt: new Date(Date.now() + settleMs),
      });
      return { status: 'pending', transactionId: id };
    },

    async confirm(req) {
      // A bank debit asks the shopper for nothing after it starts.
      return declined(req.transactionId, 'R03');
    },

    async refund(req) {
      // A settled debit is credited back; a pending one is cancelled before it settles.
      const row =
        (await move(req.transactionId, 'settled', { status: 'refunded' })) ??
        (await move(req.transactionId, 'pending', { status: 'refunded' }));
      if (!row || row.clientUniqueId !== req.paymentId) {
        return { status: 'declined', transactionId: req.transactionId, reason: 'Nothing to refund for this transaction' };
      }
      return { status: 'refunded', transactionId: `${row.id}-refund` };
    },

    lookup: (req) => lookup(req.paymentId),

    // Cash-outs (issue 10): credits to a linked account, once per idempotency key (payout.ts).
    payout: sandboxAchPayout(db),

    verifyNotification({ body, headers }) {
      const raw = headers[ACH_SIGNATURE_HEADER];
      return verifyAchNotification(webhookSecret, body, Array.isArray(raw) ? raw[0] : raw);
    },

    settleNow: settle,
    failNow: fail,
    returnNow: takeBack,

    async dueNotifications(now = new Date()) {
      const out: SignedAchNotification[] = [];
      const due = await db
        .select({ debit: sandboxAchDebits, outcome: sandboxAchAccounts.outcome, returnCode: sandboxAchAccounts.returnCode })
        .from(sandboxAchDebits)
        .innerJoin(sandboxAchAccounts, eq(sandboxAchAccounts.id, sandboxAchDebits.accountId))
        .where(and(eq(sandboxAchDebits.status, 'pending'), lte(sandboxAchDebits.settleAt, now)))
        .orderBy(sandboxAchDebits.settleAt)
        .limit(BATCH);
      for (const { debit, outcome, returnCode } of due) {
        const done = outcome === 'fail' ? await fail(debit.id, returnCode ?? 'R03') : await settle(debit.id);
        if (done) out.push(done);
      }
      // A returning account's settled debit comes back one more delay after it settled.
      const returning = await db
        .select({ debit: sandboxAchDebits, returnCode: sandboxAchAccounts.returnCode })
        .from(sandboxAchDebits)
        .innerJoin(sandboxAchAccounts, eq(sandboxAchAccounts.id, sandboxAchDebits.accountId))
        .where(
          and(
            eq(sandboxAchDebits.status, 'settled'),
            eq(sandboxAchAccounts.outcome, 'return'),
            lte(sandboxAchDebits.updatedAt, new Date(now.getTime() - settleMs)),
          ),
        )
        .limit(BATCH);
      for (const { debit, returnCode } of returning) {
        const done = await takeBack(debit.id, returnCode ?? 'R01');
        if (done) out.push(done);
      }
      return out;
    },
  };
}
