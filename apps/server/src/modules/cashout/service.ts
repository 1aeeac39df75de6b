// A shopper's cash-out request (issue 10, ADR 017): the rules, then the coins from winWallet to the hold
// in one transaction with the cash-out row. Every rule broken is a 422 naming it (code and field);
// nothing moves then.
import { formatCoins, formatDateTime, type CashoutRequestBody, type CashoutRules, type ErrorCode } from '@store/shared';
import { forbidden, notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { lockAccount } from '../auth/index.ts';
import { findVerificationDecision } from '../kyc/index.ts';
import { findSavedBankAccount, lastSettledBankPaymentAt } from '../payments/index.ts';
import { getCashoutSettings, getConversionRate, isStateWhitelisted } from '../settings/index.ts';
import { findPayer, findProfileState, type MissingPayerField } from '../user/index.ts';
import { appendLedgerEntries, getWalletCoins } from '../wallet/index.ts';
import { isPayoutProvider } from '@store/server-kit';
import type { CashoutDeps } from './deps.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 60 * 60_000;
const rule = (code: ErrorCode, message: string, field: string) => new AppError(422, code, message, field);
const PAYER_FIELD_NAMES: Record<MissingPayerField, string> = {
  'address.country': 'billing country',
  firstname: 'first name',
  lastname: 'last name',
  email: 'e-mail address',
  ipAddress: 'sign-in (sign in again)',
};

export const holdReference = (id: string) => `cashout:${id}:hold`;
export const payoutReference = (id: string) => `cashout:${id}:payout`;
export const returnReference = (id: string) => `cashout:${id}:return`;

// A date as people read it in a message (issue 24): "30 Nov 2026, 22:35 UTC". The server does not know the
// shopper's time zone, so it names the one it uses.
const readableUtc = (at: Date) => `${formatDateTime(at, 'UTC')} UTC`;

/** The rules as the cash-out form shows them. */
export async function cashoutRules(db: CashoutDeps['db']): Promise<CashoutRules> {
  const [settings, { coinsPerDollar }] = await Promise.all([getCashoutSettings(db), getConversionRate(db)]);
  return { ...settings, coinsPerDollar };
}

/** The rules that do not depend on the balance: checked before the transaction. */
async function checkEligibility(deps: CashoutDeps, userId: string, body: CashoutRequestBody, rules: CashoutRules) {
  const { db } = deps;
  if ((await findVerificationDecision(db, userId)) !== 'PASSED')
    throw rule('VERIFICATION_REQUIRED', 'Verify your identity before you cash out: a passed verification is required.', 'verification');
  if (!(await isStateWhitelisted(db, await findProfileState(db, userId))))
    throw rule('STATE_NOT_ALLOWED', 'Cash-outs are not available in the state on your profile.', 'state');
  if (body.amount < rules.minCoins) throw rule('BELOW_MINIMUM', `The smallest cash-out is ${formatCoins(rules.minCoins)} coins.`, 'amount');
  if (body.amount > rules.maxCoins) throw rule('ABOVE_MAXIMUM', `The largest cash-out is ${formatCoins(rules.maxCoins)} coins.`, 'amount');
  const account = await findSavedBankAccount(db, body.userPaymentOptionId);
  if (account && account.userId !== userId) throw forbidden('This bank account is not yours.');
  if (!account) throw rule('BANK_ACCOUNT_NOT_FOUND', 'No saved bank account of yours has this id.', 'userPaymentOptionId');
  if (!isPayoutProvider(deps.providers.get(account.provider)))
    throw rule('PAYOUT_UNAVAILABLE', 'This bank account cannot receive payouts.', 'userPaymentOptionId');
  // The payout carries the payer's billing address and IP from the profile (ADR 039): asked for now.
  const payer = await findPayer(db, userId);
  if ('missing' in payer)
    throw rule(
      'PAYER_DETAILS_REQUIRED',
      `Add your ${PAYER_FIELD_NAMES[payer.missing]} to your profile before you cash out.`,
      payer.missing,
    );
  const settled = await lastSettledBankPaymentAt(db, userId);
  const holdEnds = settled ? settled.getTime() + rules.achHoldHours * 60 * 60_000 : 0;
  if (holdEnds > Date.now())
    throw rule(
      'ACH_HOLD',
      `After a bank purchase settles, cash-outs wait ${rules.achHoldHours} hours: you can cash out from ${readableUtc(new Date(holdEnds))}.`,
      'achHold',
    );
  return account;
}

/** Requests a cash-out: PENDING, its coins out of winWallet into the hold, the shopper's tabs told. */
export async function requestCashout(deps: CashoutDeps, userId: string, body: CashoutRequestBody): Promise<repo.CashoutRow> {
  const rules = await cashoutRules(deps.db);
  const account = await checkEligibility(deps, userId, body, rules);
  const row = await deps.db.transaction(async (tx) => {
    // One request at a time per shopper: the balance and the day's total are read under the lock.
    // Requests and anything else that takes the shopper's coins queue behind this lock.
    if (!(await lockAccount(tx, userId))) throw notFound('No such shopper.');
    const { winWallet } = await getWalletCoins(tx, userId);
    if (winWallet < body.amount)
      throw rule(
        'INSUFFICIENT_WINNINGS',
        `You have ${formatCoins(winWallet)} coins of winnings, so you can cash out at most that.`,
        'amount',
      );
    const today = await repo.coinsCashedOutSince(tx, userId, new Date(Date.now() - DAY_MS));
    if (today + body.amount > rules.dailyLimitCoins)
      throw rule(
        'DAILY_LIMIT',
        `You can cash out at most ${formatCoins(rules.dailyLimitCoins)} coins a day; ${formatCoins(Math.max(0, rules.dailyLimitCoins - today))} are left today.`,
        'amount',
      );
    const id = newId();
    const saved = await repo.insertCashout(tx, {
      id,
      userId,
      amount: body.amount,
      amountCents: Math.floor((body.amount * 100) / rules.coinsPerDollar),
      userPaymentOptionId: account.id,
      provider: account.provider,
      bankName: account.bankName,
      last4: account.last4,
      payoutKey: `cashout-${id}`,
    });
    const held = await appendLedgerEntries(tx, [
      { userId, wallet: 'winWallet', amount: -body.amount, reason: 'cashOutHold', reference: holdReference(id) },
      { userId, wallet: 'cashOutHold', amount: body.amount, reason: 'cashOutHold', reference: holdReference(id) },
    ]);
    if (!held) throw new Error(`requestCashout: ledger already holds ${holdReference(id)}`);
    await repo.announce(tx, saved, { coinsMoved: true });
    return saved;
  });
  deps.wake.kick();
  return row;
}

/** A PENDING cash-out, or why it cannot be decided: 404 for none, 409 naming the state it is in. */
export async function decidable(deps: CashoutDeps, id: string, move: repo.CashoutRow | undefined): Promise<repo.CashoutRow> {
  if (move) return move;
  const found = await repo.findCashout(deps.db, id);
  if (!found) throw notFound('No cash-out with this id.');
  throw new AppError(
    409,
    'CASHOUT_ALREADY_DECIDED',
    `This cash-out is ${found.status}: only a PENDING one can be approved or rejected.`,
    'status',
  );
}

/** The shopper's cash-outs, newest first, and the rules a request must keep. */
export async function listMyCashouts(db: CashoutDeps['db'], userId: string) {
  const [rows, rules] = await Promise.all([repo.listShopperCashouts(db, userId), cashoutRules(db)]);
  return { rows, rules };
}

/** Every cash-out, newest first, optionally of one status (the admin's list). */
export const listAllCashouts = (db: CashoutDeps['db'], status: Parameters<typeof repo.listCashouts>[1]) => repo.listCashouts(db, status);
