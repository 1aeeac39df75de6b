// Redeeming a sold gift-card code (issue 24). The code's coins and bonus go to the purchasedWallet of whoever
// redeems it (the buyer, or the friend it was given to), through the ledger under the code's own reference, in
// the transaction that marks it redeemed, with the order row locked: the refund of that order (fulfilment's
// reversal) takes the same lock, so a code is never redeemed from an order being refunded, and a refund
// after a redemption takes the redeemed coins back (takeBackRedeemedCodes).
import { GIFT_CARD_CODE_REDEEMED_MESSAGE, GIFT_CARD_CODE_UNKNOWN_MESSAGE, type RedeemableCode } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { findOrder, lockOrderForChange } from '../checkout/index.ts';
import { announceWalletChange, appendLedgerEntries, ledgerAmount } from '../wallet/index.ts';
import { findSoldCode, listRedeemedCodesOfOrder, lockSoldCode, markRedeemed, type SoldCode } from '../catalog/index.ts';

export interface RedemptionDeps {
  db: Db;
  /** Runs the outbox now (the wallet's live update). */
  wake: { kick(): void };
}

/** The ledger reference of a code's coins, and of their return when its order is refunded. */
export const redemptionLedgerReference = (codeId: string) => `gift-card-code:${codeId}`;
const takeBackReference = (codeId: string) => `reversal:gift-card-code:${codeId}`;

const unknownCode = () => new AppError(404, 'GIFT_CARD_CODE_UNKNOWN', GIFT_CARD_CODE_UNKNOWN_MESSAGE, 'code');

function view(code: SoldCode): RedeemableCode {
  return {
    code: code.code,
    name: code.name,
    image: code.image,
    coins: code.coins,
    bonusCoins: code.bonusCoins,
    totalCoins: code.coins + code.bonusCoins,
    redeemedAt: code.redeemedAt ? code.redeemedAt.toISOString() : null,
  };
}

/** A sold code; anything else (in stock, reserved) is unknown to the asker. */
async function soldCode(db: Db | Tx, code: string): Promise<SoldCode> {
  const found = await findSoldCode(db, code);
  if (!found) throw unknownCode();
  return found;
}

/** POST v1/gift-cards/check: what the code gives, and whether it was redeemed; a refunded order's code is unknown. */
export async function checkCode(db: Db, code: string): Promise<RedeemableCode> {
  const found = await soldCode(db, code);
  if ((await findOrder(db, found.orderId))?.status !== 'fulfilled') throw unknownCode();
  return view(found);
}

/** POST v1/gift-cards/redeem: the code's coins into the shopper's purchasedWallet, once. */
export async function redeemCode({ db, wake }: RedemptionDeps, userId: string, code: string): Promise<RedeemableCode> {
  const found = await soldCode(db, code);
  const redeemed = await db.transaction(async (tx) => {
    // The order first, then the code, as a refund would lock them: a refunded (or refunding) order's code is not redeemed.
    if ((await lockOrderForChange(tx, found.orderId))?.status !== 'fulfilled') throw unknownCode();
    const locked = await lockSoldCode(tx, found.id);
    if (!locked) throw unknownCode();
    if (locked.redeemedAt) throw new AppError(409, 'GIFT_CARD_CODE_REDEEMED', GIFT_CARD_CODE_REDEEMED_MESSAGE, 'code');
    const total = locked.coins + locked.bonusCoins;
    if (total > 0) {
      const appended = await appendLedgerEntries(tx, [
        { userId, wallet: 'purchasedWallet', amount: total, reason: 'gift-card', reference: redemptionLedgerReference(locked.id) },
      ]);
      if (!appended) throw new Error(`redeemCode: code ${locked.id} is not marked redeemed but its coins are in the ledger`);
    }
    const redeemedAt = await markRedeemed(tx, locked.id, userId);
    await announceWalletChange(tx, userId);
    return view({ ...locked, redeemedBy: userId, redeemedAt });
  });
  wake.kick();
  return redeemed;
}

/**
 * In a refund's transaction, with the order row locked (fulfilment's reversal): the coins of the order's codes
 * that someone redeemed leave that person's purchasedWallet (below zero if spent, as the order's own coins do,
 * ADR 011). Answers whose wallets changed, for their live updates. Once per code: the ledger refuses a second
 * entry under the same reference.
 */
export async function takeBackRedeemedCodes(tx: Tx, orderId: string): Promise<string[]> {
  const redeemers = new Set<string>();
  for (const code of await listRedeemedCodesOfOrder(tx, orderId)) {
    const credited = await ledgerAmount(tx, redemptionLedgerReference(code.id), 'purchasedWallet');
    if (credited === 0) continue;
    const appended = await appendLedgerEntries(tx, [
      { userId: code.redeemedBy, wallet: 'purchasedWallet', amount: -credited, reason: 'reversal', reference: takeBackReference(code.id) },
    ]);
    if (appended) redeemers.add(code.redeemedBy);
  }
  for (const userId of redeemers) await announceWalletChange(tx, userId);
  return [...redeemers];
}
