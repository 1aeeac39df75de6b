// An admin's decision on a cash-out, and its payout (ADR 017).
//   approve  PENDING → APPROVED (who, when) in one transaction; then the payout, under the cash-out's own
//            idempotency key: paid → PAID (the coins leave the hold, ledger kind payout); refused →
//            FAILED (the coins go back to winWallet, kind return); no answer (an outage, a timeout, a
//            crash) → still APPROVED, and the background job asks again with the same key, so the bank
//            account is paid exactly once.
//   reject   PENDING → REJECTED (who, when, why); the coins go back to winWallet (kind return).
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { isPayoutProvider, type PayoutOutcome } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import { findPayer } from '../user/index.ts';
import { appendLedgerEntries } from '../wallet/index.ts';
import type { CashoutDeps } from './deps.ts';
import { cashoutCrashPoint } from './crash-points.ts';
import * as repo from './repository.ts';
import { decidable, payoutReference, returnReference } from './service.ts';

const coins = (n: number) => `${n.toLocaleString('en-US')} coins`;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function approveCashout(deps: CashoutDeps, id: string, adminId: string): Promise<repo.CashoutRow> {
  const approved = await decidable(
    deps,
    id,
    await deps.db.transaction(async (tx) => {
      const row = await repo.moveCashout(tx, id, 'PENDING', { status: 'APPROVED', decidedBy: adminId, decidedAt: new Date() });
      if (row) {
        await repo.announce(tx, row, {
          coinsMoved: false,
          notice: { type: 'info', content: `Your cash-out of ${coins(row.amount)} was approved: the payout is on its way.` },
        });
        await auditDecision(tx, adminId, 'cashout.approve', row);
      }
      return row;
    }),
  );
  deps.wake.kick();
  deps.log.info({ cashoutId: id, adminId }, 'cash-out approved');
  return (await payOut(deps, approved)) ?? approved;
}

export async function rejectCashout(deps: CashoutDeps, id: string, adminId: string, reason: string): Promise<repo.CashoutRow> {
  const rejected = await decidable(
    deps,
    id,
    await deps.db.transaction(async (tx) => {
      const row = await repo.moveCashout(tx, id, 'PENDING', {
        status: 'REJECTED',
        rejectionReason: reason,
        decidedBy: adminId,
        decidedAt: new Date(),
      });
      if (row) {
        await giveBack(tx, row);
        await auditDecision(tx, adminId, 'cashout.reject', row);
        await repo.announce(tx, row, {
          coinsMoved: true,
          notice: {
            type: 'warning',
            content: `Your cash-out of ${coins(row.amount)} was rejected: ${reason} The coins are back in your winnings.`,
          },
        });
      }
      return row;
    }),
  );
  deps.wake.kick();
  deps.log.info({ cashoutId: id, adminId }, 'cash-out rejected');
  return rejected;
}

/** The decision in the audit log (issue 12), in the decision's transaction; only a PENDING cash-out is decided. */
async function auditDecision(tx: Tx, adminId: string, action: string, row: repo.CashoutRow) {
  await recordAudit(tx, {
    actorId: adminId,
    action,
    targetType: 'cashout',
    targetId: row.id,
    before: { status: 'PENDING' },
    after: { status: row.status, amount: row.amount, userId: row.userId, rejectionReason: row.rejectionReason },
  });
}

/** The held coins back to winWallet. */
async function giveBack(tx: Tx, row: repo.CashoutRow) {
  const ok = await appendLedgerEntries(tx, [
    { userId: row.userId, wallet: 'cashOutHold', amount: -row.amount, reason: 'return', reference: returnReference(row.id) },
    { userId: row.userId, wallet: 'winWallet', amount: row.amount, reason: 'return', reference: returnReference(row.id) },
  ]);
  if (!ok) throw new Error(`cash-out ${row.id}: ledger already holds ${returnReference(row.id)}`);
}

/**
 * Pays an APPROVED cash-out out and records the provider's decision. Undefined when there is no decision
 * yet (the provider is missing or did not answer): the cash-out stays APPROVED for the next attempt.
 */
export async function payOut(deps: CashoutDeps, row: repo.CashoutRow): Promise<repo.CashoutRow | undefined> {
  // The approval's own call and the background job need not both ask the provider (harmless, but noisy).
  if (inFlight.has(row.id)) return undefined;
  inFlight.add(row.id);
  try {
    return await payOutOnce(deps, row);
  } finally {
    inFlight.delete(row.id);
  }
}

/** Cash-outs this process is paying out right now. */
const inFlight = new Set<string>();

async function payOutOnce(deps: CashoutDeps, row: repo.CashoutRow): Promise<repo.CashoutRow | undefined> {
  const provider = deps.providers.get(row.provider);
  if (!isPayoutProvider(provider)) {
    deps.log.error({ cashoutId: row.id, provider: row.provider }, 'no payout provider for this cash-out; left APPROVED');
    return undefined;
  }
  // The payer's billing details and IP from the profile (ADR 039); checked when the cash-out was requested.
  const found = await findPayer(deps.db, row.userId);
  if ('missing' in found) {
    deps.log.warn({ cashoutId: row.id, missing: found.missing }, 'payout needs a profile field the shopper no longer has; left APPROVED');
    return undefined;
  }
  let outcome: PayoutOutcome;
  try {
    outcome = await provider.payout({
      idempotencyKey: row.payoutKey,
      userId: row.userId,
      userPaymentOptionId: row.userPaymentOptionId,
      amountCents: row.amountCents,
      currency: 'USD',
      payer: found.payer,
    });
  } catch (err) {
    deps.log.warn({ cashoutId: row.id, err: errorText(err) }, 'payout undecided; asked again later');
    return undefined;
  }
  cashoutCrashPoint('cashout-after-payout-call');
  return recordPayout(deps, row, outcome);
}

async function recordPayout(deps: CashoutDeps, row: repo.CashoutRow, outcome: PayoutOutcome): Promise<repo.CashoutRow | undefined> {
  const recorded = await deps.db.transaction(async (tx) => {
    if (outcome.status === 'paid') {
      const paid = await repo.moveCashout(tx, row.id, 'APPROVED', {
        status: 'PAID',
        payoutTransactionId: outcome.transactionId,
        paidAt: new Date(),
      });
      if (!paid) return undefined;
      const ok = await appendLedgerEntries(tx, [
        { userId: row.userId, wallet: 'cashOutHold', amount: -row.amount, reason: 'payout', reference: payoutReference(row.id) },
      ]);
      if (!ok) throw new Error(`cash-out ${row.id}: ledger already holds ${payoutReference(row.id)}`);
      await repo.announce(tx, paid, {
        coinsMoved: true,
        notice: { type: 'success', content: `Your cash-out of ${coins(row.amount)} was paid to ${row.bankName} ••${row.last4}.` },
      });
      return paid;
    }
    const failed = await repo.moveCashout(tx, row.id, 'APPROVED', {
      status: 'FAILED',
      payoutTransactionId: outcome.transactionId || null,
      failureReason: outcome.reason,
    });
    if (!failed) return undefined;
    await giveBack(tx, failed);
    await repo.announce(tx, failed, {
      coinsMoved: true,
      notice: {
        type: 'error',
        content: `Your cash-out of ${coins(row.amount)} could not be paid: ${outcome.reason}. The coins are back in your winnings.`,
      },
    });
    return failed;
  });
  // Another attempt recorded it first: the row as it is now.
  const now = recorded ?? (await repo.findCashout(deps.db, row.id));
  deps.wake.kick();
  logOutcome(deps.log, row.id, outcome);
  return now;
}

function logOutcome(log: FastifyBaseLogger, cashoutId: string, outcome: PayoutOutcome) {
  if (outcome.status === 'paid') log.info({ cashoutId, transactionId: outcome.transactionId }, 'cash-out paid');
  else log.warn({ cashoutId, transactionId: outcome.transactionId, reason: outcome.reason }, 'cash-out payout refused');
}

const BATCH = 50;

/** The background job: every APPROVED cash-out without a recorded payout is paid out (same key: never twice). */
export async function payApprovedCashouts(deps: CashoutDeps): Promise<void> {
  for (const row of await repo.listApprovedCashouts(deps.db, BATCH)) await payOut(deps, row);
}
