import { and, eq } from 'drizzle-orm';
import type { DistributorCreditBody } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { distributorCredits } from '../../db/schema.ts';
import { findAccount } from '../auth/index.ts';
import { conflict, notFound } from '@store/server-kit';
import { announceWalletChange, appendLedgerEntries } from '../wallet/index.ts';

export const distributorLedgerReference = (distributor: string, transactionId: string) => `distributor:${distributor}:${transactionId}`;

/**
 * Credits a distributor's winnings to the shopper's winWallet, once per (distributor, transactionId): the
 * credit row and the ledger entry commit together. A repeat (sequential or concurrent: the unique index
 * makes the second insert wait for the first and then find it) answers applied: false when it names the
 * same shopper and amount, and 409 when it does not; nothing moves either way.
 */
export async function creditWinnings(db: Db, distributor: string, credit: DistributorCreditBody): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await findAccount(tx, credit.userId))) throw notFound('No shopper with this userId.');
    const inserted = await tx
      .insert(distributorCredits)
      .values({
        distributor,
        transactionId: credit.transactionId,
        userId: credit.userId,
        amount: credit.amount,
        reason: credit.reason ?? null,
      })
      .onConflictDoNothing()
      .returning({ transactionId: distributorCredits.transactionId });
    if (inserted.length === 0) {
      const [earlier] = await tx
        .select()
        .from(distributorCredits)
        .where(and(eq(distributorCredits.distributor, distributor), eq(distributorCredits.transactionId, credit.transactionId)));
      if (earlier?.userId !== credit.userId || earlier.amount !== credit.amount) {
        throw conflict('This transactionId was already credited with another userId or amount.', 'transactionId');
      }
      return { applied: false };
    }
    const appended = await appendLedgerEntries(tx, [
      {
        userId: credit.userId,
        wallet: 'winWallet',
        amount: credit.amount,
        reason: 'win',
        reference: distributorLedgerReference(distributor, credit.transactionId),
      },
    ]);
    // The credit row is new, so its ledger reference must be too; anything else is a fault to look at.
    if (!appended) throw new Error(`creditWinnings: ledger already holds ${distributor}/${credit.transactionId}`);
    await announceWalletChange(tx, credit.userId, {
      type: 'success',
      content: `You won ${credit.amount.toLocaleString('en-US')} coins! They are in your winnings wallet.`,
    });
    return { applied: true };
  });
}
