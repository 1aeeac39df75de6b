// Bank account payments (ACH) through the card provider (SPEC §7, ADR 011): linking a bank account
// (POST v1/nuvei/add_bank opens the bank-linking page, link-page.ts takes the numbers once and hands
// them to the provider, POST v1/checkout/saved-bank reads what was linked), the shopper's accounts
// (GET v1/nuvei/banks, DELETE v1/nuvei/banks/{id}), paying an order from one (POST v1/nuvei/payment/ach,
// through the shared core: the debit is 'pending' until the bank settles it) and the order's ACH status
// (GET v1/nuvei/ach/{orderId}). Settlements, failures and returns arrive as notifications
// (the core's modules/payments/notifications.ts and reversal.ts, reached through the port).
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_FLAGGED_MESSAGE,
  type AchPaymentBody,
  type AchPaymentData,
  type AchStatusData,
  type BankLinkData,
  type BankLinkReturn,
  type SavedBankAccount,
} from '@store/shared';
import { conflict, notFound } from '@store/server-kit';
import { AppError } from '../../../../lib/errors.ts';
import { newId } from '../../../../lib/ids.ts';
import { returnCodeOf } from './return-codes.ts';
import { isBankAccountProvider, type BankAccountNumbers, type BankAccountProvider } from '@store/server-kit';
import * as achRepo from './repository.ts';
import { methodUnavailable, type FamilyDeps } from '../../core-port.ts';

export const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found.';
export const BANK_LINK_NOT_FOUND = 'Bank link not found.';
export const BANK_LINK_OPEN = 'The bank account has not been linked yet. Finish on the bank page first.';
export const ORDER_NOT_FOUND = 'Order not found.';
export const ACCOUNT_FLAGGED = 'ACCOUNT_FLAGGED';
/** A bank-linking page is open this long. */
export const BANK_LINK_TTL_MS = 30 * 60_000;

export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export const toSavedBankAccount = (row: achRepo.BankAccountRow): SavedBankAccount => ({
  userPaymentOptionId: row.id,
  bankName: row.bankName,
  last4: row.last4,
  accountType: row.accountType,
});

/** The provider of bank payments, with its account-linking capability; 400 PAYMENT_METHOD_UNAVAILABLE without one. */
export function bankProvider(deps: Pick<FamilyDeps, 'providers' | 'core'>): BankAccountProvider {
  const provider = deps.core.providerFor(deps, 'bank_account');
  if (!isBankAccountProvider(provider)) throw methodUnavailable();
  return provider;
}

/** A shopper a returned bank payment flagged pays by bank account no more (403). */
async function assertNotFlagged(deps: FamilyDeps, userId: string): Promise<void> {
  if (await deps.core.isAccountFlagged(deps.db, userId)) throw new AppError(403, ACCOUNT_FLAGGED, ACCOUNT_FLAGGED_MESSAGE);
}

async function ownOrder(deps: FamilyDeps, userId: string, orderId: string) {
  const order = await deps.payOrder.findOrder(deps.db, orderId);
  if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * Opens a bank-linking page for the shopper (POST v1/nuvei/add_bank, or v1/nuvei/payment/ach without an
 * account). With an order the shopper comes back to its pay page, or (payOnLink) the order is paid from
 * the account as soon as it is linked.
 */
export async function startBankLink(
  deps: FamilyDeps,
  userId: string,
  { orderId, payOnLink, browserBase, returnTo }: { orderId?: string; payOnLink: boolean; browserBase: string; returnTo?: BankLinkReturn },
): Promise<BankLinkData> {
  // An account is linked to pay with: refused where paying by bank account would be.
  await deps.core.assertMayPay(deps, userId, 'bank_account');
  bankProvider(deps);
  await assertNotFlagged(deps, userId);
  // The debit that follows the link needs the payer's billing details (ADR 039): asked for now, not after.
  if (payOnLink) await deps.core.requirePayer(deps.db, userId);
  if (orderId) {
    const order = await ownOrder(deps, userId, orderId);
    if (payOnLink && order.status !== 'pending') throw new AppError(409, 'ORDER_STATE', 'This order can no longer be paid.');
  }
  const id = newId();
  const secret = randomBytes(32).toString('base64url');
  await achRepo.insertBankLink(deps.db, {
    id,
    userId,
    secretHash: hashLinkSecret(secret),
    orderId: orderId ?? null,
    payOnLink,
    returnTo: returnTo ?? null,
    status: 'open',
    expiresAt: new Date(Date.now() + BANK_LINK_TTL_MS),
  });
  return { linkId: id, url: `${browserBase}/bank-link/${id}?secret=${secret}` };
}

/** POST v1/checkout/saved-bank: the account the shopper's finished link added, first in their list. */
export async function savedBankFromLink(deps: FamilyDeps, userId: string, linkId: string): Promise<SavedBankAccount> {
  const link = await achRepo.findBankLink(deps.db, linkId);
  if (!link || link.userId !== userId) throw notFound(BANK_LINK_NOT_FOUND);
  if (link.status !== 'linked' || !link.bankAccountId) throw conflict(BANK_LINK_OPEN);
  const account = await achRepo.findBankAccount(deps.db, userId, link.bankAccountId);
  // Deleted since: it is not the shopper's to pay with any more.
  if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  return toSavedBankAccount(account);
}

export async function listBanks(deps: FamilyDeps, userId: string): Promise<SavedBankAccount[]> {
  return (await achRepo.listBankAccounts(deps.db, userId)).map(toSavedBankAccount);
}

/** DELETE v1/nuvei/banks/{id}: gone from the shopper's list; the provider is asked to forget it too. */
export async function removeBank(deps: FamilyDeps, userId: string, id: string): Promise<void> {
  const removed = await achRepo.deleteBankAccount(deps.db, userId, id);
  if (!removed) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  const provider = deps.providers.get(removed.provider);
  if (!isBankAccountProvider(provider)) return;
  // The account is gone for the shopper either way; a provider that did not hear it is only logged.
  await provider.removeBankAccount({ userId, userPaymentOptionId: id }).catch((err: unknown) => {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'the payment provider did not remove a bank account');
  });
}

/** Pays the order from a saved bank account through the shared core: 'processing' until the bank settles. */
export async function payFromBankAccount(
  deps: FamilyDeps,
  userId: string,
  orderId: string,
  userPaymentOptionId: string,
  clientIp?: string,
) {
  const account = await achRepo.findBankAccount(deps.db, userId, userPaymentOptionId);
  if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  await assertNotFlagged(deps, userId);
  // Nuvei refuses a bank debit without the payer's billing address and IP (ADR 039): 422 naming the field.
  await deps.core.requirePayer(deps.db, userId, clientIp);
  const result = await deps.core.startPayment(deps, {
    userId,
    orderId,
    source: { method: 'bank_account', userPaymentOptionId },
    saveCard: false,
    clientIp,
  });
  return {
    action: 'pay' as const,
    status: result.status === 'approved' ? ('settled' as const) : ('processing' as const),
    transactionId: result.transactionId,
    orderId,
  };
}

/** POST v1/nuvei/payment/ach: with an account, pay from it; without one, link one and pay from it once linked. */
export async function achPayment(
  deps: FamilyDeps,
  userId: string,
  body: AchPaymentBody,
  browserBase: string,
  clientIp?: string,
): Promise<AchPaymentData> {
  if (body.userPaymentOptionId) return payFromBankAccount(deps, userId, body.orderId, body.userPaymentOptionId, clientIp);
  const link = await startBankLink(deps, userId, { orderId: body.orderId, payOnLink: true, browserBase });
  return { action: 'link', ...link, orderId: body.orderId };
}

/** GET v1/nuvei/ach/{orderId}: where the order's bank payment stands. */
export async function achStatusOf(deps: FamilyDeps, userId: string, orderId: string): Promise<AchStatusData> {
  await ownOrder(deps, userId, orderId);
  const payment = await achRepo.latestBankPayment(deps.db, orderId);
  const none = { orderId, returnCode: null, reason: null };
  if (!payment) return { ...none, status: 'none', transactionId: null };
  const transactionId = payment.transactionId.startsWith('local:') ? null : payment.transactionId;
  const refusal = { ...none, returnCode: returnCodeOf(payment.declineReason), reason: payment.declineReason, transactionId };
  switch (payment.status) {
    case 'initiated':
    case 'challenge':
    case 'pending':
      return { ...none, status: 'processing', transactionId };
    // 'refunding': an admin's refund is being asked of the provider (ADR 026), settled until it answers.
    case 'approved':
    case 'refunding':
      return { ...none, status: 'settled', transactionId };
    case 'declined':
    case 'failed':
      return { ...refusal, status: 'failed' };
    case 'reversed':
      return { ...refusal, status: 'returned' };
    case 'refunded':
      return { ...none, status: 'refunded', transactionId };
  }
}

// --- The bank-linking page (link-page.ts) ---

export type LinkPageView = { amountCents: number | null; testAccounts: BankAccountProvider['testAccounts'] };

/** The open link the page's secret belongs to; null for an unknown, used, expired or wrong one. */
async function openLink(deps: FamilyDeps, linkId: string, secret: string): Promise<achRepo.BankLinkRow | null> {
  const link = await achRepo.findBankLink(deps.db, linkId);
  if (!link || link.status !== 'open' || !link.secretHash || link.expiresAt.getTime() < Date.now()) return null;
  return link.secretHash === hashLinkSecret(secret) ? link : null;
}

export async function viewBankLink(deps: FamilyDeps, linkId: string, secret: string): Promise<LinkPageView | null> {
  const link = await openLink(deps, linkId, secret);
  if (!link) return null;
  const order = link.payOnLink && link.orderId ? await deps.payOrder.findOrder(deps.db, link.orderId) : undefined;
  return { amountCents: order?.totalCents ?? null, testAccounts: bankProvider(deps).testAccounts };
}

export type LinkSubmitted =
  | { status: 'refused'; reason: string; view: LinkPageView }
  | {
      status: 'linked';
      linkId: string;
      orderId: string | null;
      returnTo: BankLinkReturn | null;
      paid: boolean | null;
      payFailure?: string;
    };

/**
 * The page's numbers: the provider links the account (the numbers go to it and nowhere else), the
 * shopper's list gains it, and the link is used up. A link opened to pay an order pays it now.
 */
export async function submitBankLink(
  deps: FamilyDeps,
  linkId: string,
  secret: string,
  numbers: BankAccountNumbers,
  clientIp?: string,
): Promise<LinkSubmitted | null> {
  const link = await openLink(deps, linkId, secret);
  if (!link) return null;
  const provider = bankProvider(deps);
  const payerName = await deps.core.accountName(deps.db, link.userId);
  const linked = await deps.core.callProvider(deps.log, 'addBankAccount', () =>
    provider.addBankAccount({ userId: link.userId, payerName, account: numbers }),
  );
  if (linked.status === 'refused') return { status: 'refused', reason: linked.reason, view: (await viewBankLink(deps, linkId, secret))! };
  const taken = await deps.db.transaction(async (tx) => {
    const account = await achRepo.upsertBankAccount(tx, {
      id: linked.userPaymentOptionId,
      userId: link.userId,
      provider: provider.name,
      bankName: linked.bankName,
      last4: linked.last4,
      accountType: linked.accountType,
    });
    if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND);
    return achRepo.completeBankLink(tx, link.id, link.secretHash!, account.id);
  });
  // Another submission of the same page got there first.
  if (!taken) return null;
  if (!link.payOnLink || !link.orderId) return { status: 'linked', linkId, orderId: link.orderId, returnTo: link.returnTo, paid: null };
  try {
    await payFromBankAccount(deps, link.userId, link.orderId, linked.userPaymentOptionId, clientIp);
    return { status: 'linked', linkId, orderId: link.orderId, returnTo: link.returnTo, paid: true };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: 'linked', linkId, orderId: link.orderId, returnTo: link.returnTo, paid: false, payFailure: err.message };
  }
}
