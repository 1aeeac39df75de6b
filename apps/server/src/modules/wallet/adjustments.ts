import { and, eq } from 'drizzle-orm';
import type { WalletAdjustmentBody, WalletCoins } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { walletAdjustments } from '../../db/schema.ts';
import { notFound, unprocessable } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { lockAccount } from '../auth/index.ts';
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

/** What an adjustment asks besides its body: who asks, with which key, under which cap. */
export interface AdjustmentRequest {
  adminId: string;
  /** The admin's Idempotency-Key: a retry with the same key and body is answered, not applied again. */
  idempotencyKey: string;
  /** WALLET_ADJUSTMENT_MAX_COINS: the most coins one adjustment may move either way. */
  maxCoins: number;
}

/** The rules that need no database: an admin never adjusts their own wallets; one adjustment is bounded. */
function checkAdjustment(body: WalletAdjustmentBody, { adminId, maxCoins }: AdjustmentRequest): void {
  if (body.userId === adminId) {
    throw new AppError(403, 'FORBIDDEN', 'You cannot adjust your own wallets. Ask another admin to make this adjustment.', 'userId');
  }
  if (Math.abs(body.amount) > maxCoins) {
    throw unprocessable(
      `One adjustment moves at most ${maxCoins.toLocaleString('en-US')} coins. Make a larger correction as several adjustments, each with its reason.`,
      'amount',
    );
  }
}

type AdjustmentRow = typeof walletAdjustments.$inferSelect;

const sameAdjustment = (row: AdjustmentRow, body: WalletAdjustmentBody) =>
  row.userId === body.userId && row.wallet === body.wallet && row.amount === body.amount && row.reason === body.reason;

/** The answer to a retry: the first adjustment as it was answered, or 422 when the key meant another one. */
function replay(row: AdjustmentRow, body: WalletAdjustmentBody): WalletAdjustment {
  if (!sameAdjustment(row, body)) {
    throw new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different adjustment. Send a new key for a new adjustment.',
      'idempotency-key',
    );
  }
  return {
    id: row.id,
    userId: row.userId,
    wallet: row.wallet,
    amount: row.amount,
    reason: row.reason,
    adminId: row.adminId,
    createdAt: row.createdAt.toISOString(),
    coins: row.coinsAfter!,
  };
}

async function findByKey(db: Db | Tx, adminId: string, idempotencyKey: string): Promise<AdjustmentRow | undefined> {
  const rows = await db
    .select()
    .from(walletAdjustments)
    .where(and(eq(walletAdjustments.adminId, adminId), eq(walletAdjustments.idempotencyKey, idempotencyKey)));
  return rows[0];
}

/** PostgreSQL's unique_violation, wherever the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * An admin's adjustment of one wallet, recorded with who made it and why, and its ledger entry, in one
 * transaction. The shopper's row is locked first, so two adjustments (or an adjustment and anything else
 * that locks the shopper to take coins) cannot both spend the same coins: a wallet never goes below zero.
 * Idempotent by the admin's key (ADR 035): a retry is answered with the first adjustment; two requests
 * with one key at once meet at the unique index, and the one that lost answers the winner's adjustment.
 */
export async function adjustWallet(db: Db, body: WalletAdjustmentBody, request: AdjustmentRequest): Promise<WalletAdjustment> {
  checkAdjustment(body, request);
  const { adminId, idempotencyKey } = request;
  try {
    return await db.transaction(async (tx) => {
      const earlier = await findByKey(tx, adminId, idempotencyKey);
      if (earlier) return replay(earlier, body);
      return await applyAdjustment(tx, body, request);
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const winner = await findByKey(db, adminId, idempotencyKey);
    if (!winner) throw err;
    return replay(winner, body);
  }
}

async function applyAdjustment(tx: Tx, body: WalletAdjustmentBody, { adminId, idempotencyKey }: AdjustmentRequest) {
  // The shopper's account locked (auth's lockAccount): two adjustments of one shopper take turns.
  if (!(await lockAccount(tx, body.userId))) throw notFound('No shopper with this userId.');
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
    .values({ id, userId: body.userId, wallet: body.wallet, amount: body.amount, reason: body.reason, adminId, idempotencyKey })
    .returning();
  const appended = await appendLedgerEntries(tx, [
    { userId: body.userId, wallet: body.wallet, amount: body.amount, reason: 'adjustment', reference: `adjustment:${id}` },
  ]);
  if (!appended) throw new Error(`adjustWallet: ledger already holds adjustment:${id}`);
  await announceWalletChange(tx, body.userId, adjustmentNotice(body));
  const coins = await getWalletCoins(tx, body.userId);
  await tx.update(walletAdjustments).set({ coinsAfter: coins }).where(eq(walletAdjustments.id, id));
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
}

export const findAdjustment = async (db: Db, id: string) =>
  (await db.select().from(walletAdjustments).where(eq(walletAdjustments.id, id)))[0];
