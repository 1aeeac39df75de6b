import { eq } from 'drizzle-orm';
import type { WalletAdjustmentBody, WalletCoins } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { users, walletAdjustments } from '../../db/schema.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { appendLedgerEntries, getWalletCoins } from './repository.ts';
import { announceWalletChange, type WalletNotice } from './live.ts';

export interface WalletAdjustment extends WalletAdjustmentBody {
  id: string;
  adminId: string;
  createdAt: string;
  coins: WalletCoins;
}

const WALLET_NAMES = { purchasedWallet: 'purchased', winWallet: 'winnings', stackingWallet: 'promotional' } as const;

/** What the shopper reads: the coins and the wallet, never the admin's reason (an internal note). */
function adjustmentNotice({ amount, wallet }: WalletAdjustmentBody): WalletNotice {
  const coins = Math.abs(amount).toLocaleString('en-US');
  return amount > 0
    ? { type: 'success', content: `${coins} coins were added to your ${WALLET_NAMES[wallet]} wallet.` }
    : { type: 'info', content: `${coins} coins were taken from your ${WALLET_NAMES[wallet]} wallet by the store.` };
}

/**
 * An admin's adjustment of one wallet, recorded with who made it and why, and its ledger entry, in one
 * transaction. The shopper's row is locked first, so two adjustments (or an adjustment and anything else
 * that locks the shopper to take coins) cannot both spend the same coins: a wallet never goes below zero.
 */
export async function adjustWallet(db: Db, adminId: string, body: WalletAdjustmentBody): Promise<WalletAdjustment> {
  return db.transaction(async (tx) => {
    const locked = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId)).for('update');
    if (locked.length === 0) throw notFound('No shopper with this userId.');
    const before = await getWalletCoins(tx, body.userId);
    if (body.amount < 0) {
      const balance = before[body.wallet];
      if (balance + body.amount < 0) {
        throw unprocessable(`The ${body.wallet} holds ${balance} coins: it cannot go below zero.`, 'amount');
      }
    }
    const id = newId();
    const [row] = await tx
      .insert(walletAdjustments)
      .values({ id, userId: body.userId, wallet: body.wallet, amount: body.amount, reason: body.reason, adminId })
      .returning();
    const appended = await appendLedgerEntries(tx, [
      { userId: body.userId, wallet: body.wallet, amount: body.amount, reason: 'adjustment', reference: `adjustment:${id}` },
    ]);
    if (!appended) throw new Error(`adjustWallet: ledger already holds adjustment:${id}`);
    await announceWalletChange(tx, body.userId, adjustmentNotice(body));
    const coins = await getWalletCoins(tx, body.userId);
    // The audit log (issue 12), in this transaction: the adjustment and its record commit together.
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.adjust',
      targetType: 'user',
      targetId: body.userId,
      before: { wallet: body.wallet, coins: before[body.wallet] },
      after: { wallet: body.wallet, coins: coins[body.wallet], amount: body.amount, reason: body.reason, adjustmentId: id },
    });
    return { ...body, id, adminId, createdAt: row!.createdAt.toISOString(), coins };
  });
}

export const findAdjustment = async (db: Db, id: string) =>
  (await db.select().from(walletAdjustments).where(eq(walletAdjustments.id, id)))[0];
