// The ACH sandbox's payouts (issue 10, ADR 017): a credit to an account linked in the sandbox, kept in
// sandbox_ach_payouts under its idempotency key. The first payout of a key decides; every later call
// with the key answers the same, so nothing is paid twice. Accounts whose number makes debits fail
// (test-accounts.ts, outcome 'fail') refuse payouts too; a removed or unknown account is refused.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { sandboxAchAccounts, sandboxAchPayouts } from '../../../../../db/sandbox-schema.ts';
import { returnReason } from '../return-codes.ts';
import type { PayoutOutcome, PayoutProvider } from '@store/server-kit';
import { missingPayerField } from '../../sandbox/checksum-rules.ts';
import { nuveiPayerFields } from './payer-fields.ts';

const newTransactionId = () => (randomBytes(8).readBigUInt64BE() % 10n ** 18n).toString().padStart(18, '3');

const outcomeOf = (row: typeof sandboxAchPayouts.$inferSelect): PayoutOutcome =>
  row.status === 'approved'
    ? { status: 'paid', transactionId: row.id }
    : { status: 'declined', transactionId: row.id, reason: row.reason ?? 'The bank refused the payout' };

export function sandboxAchPayout(db: Db): PayoutProvider['payout'] {
  return async (req) => {
    // As Nuvei refuses a payout without the payer's billing address and IP: an ERROR answer, nothing paid
    // (the real client reads it as undecided, so the cash-out is asked again later).
    const invalid = missingPayerField(nuveiPayerFields(req.payer));
    if (invalid) throw new Error(`Nuvei payout failed: ${invalid.errCode} ${invalid.reason}`);
    const [account] = await db
      .select()
      .from(sandboxAchAccounts)
      .where(
        and(
          eq(sandboxAchAccounts.id, req.userPaymentOptionId),
          eq(sandboxAchAccounts.userTokenId, req.userId),
          isNull(sandboxAchAccounts.removedAt),
        ),
      )
      .limit(1);
    const refused = !account ? returnReason('R03') : account.outcome === 'fail' ? returnReason(account.returnCode ?? 'R03') : null;
    // The key is unique: of two calls at once, one inserts and both read the one row.
    await db
      .insert(sandboxAchPayouts)
      .values({
        id: newTransactionId(),
        idempotencyKey: req.idempotencyKey,
        userTokenId: req.userId,
        accountId: req.userPaymentOptionId,
        amountCents: req.amountCents,
        status: refused ? 'declined' : 'approved',
        reason: refused,
      })
      .onConflictDoNothing({ target: sandboxAchPayouts.idempotencyKey });
    const [row] = await db.select().from(sandboxAchPayouts).where(eq(sandboxAchPayouts.idempotencyKey, req.idempotencyKey));
    return outcomeOf(row!);
  };
}
