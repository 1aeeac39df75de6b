// The admin console's reads shaped for the API (issue 12): dates as ISO strings, money as integer cents.
import type { AdminOrdersQuery, AdminUsersQuery } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '@store/server-kit';
import { countOpenChats } from '../chat/index.ts';
import { countIdentityReviews } from '../kyc/index.ts';
import { findOrderNumbers, type NamedOrder } from '../checkout/index.ts';
import { getWalletCoins, ledgerEntryKindOf, orderIdOfReference } from '../wallet/index.ts';
import { findOrderPage } from './order-search.ts';
import * as repo from './repository.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** How many ledger entries a user's page shows; the shopper's full history pages in the wallet module. */
const RECENT_LEDGER = 50;

const orderSummary = <O extends { createdAt: Date; paidAt: Date | null }>(o: O) => ({
  ...o,
  createdAt: iso(o.createdAt),
  paidAt: isoOrNull(o.paidAt),
});

type LedgerRow = Awaited<ReturnType<typeof repo.recentLedger>>[number];
/** An entry as the console shows it: its kind in the wallet history's words, and the order it is about by number. */
const ledgerEntries = async (db: Db, userId: string, rows: LedgerRow[]) => {
  const named: Map<string, NamedOrder> = await findOrderNumbers(
    db,
    userId,
    rows.flatMap((row) => orderIdOfReference(row.reference) ?? []),
  );
  return rows.map((e) => ({
    ...e,
    createdAt: iso(e.createdAt),
    kind: ledgerEntryKindOf(e.reason),
    order: named.get(orderIdOfReference(e.reference) ?? '') ?? null,
  }));
};

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
/** Never the password hash: only what the console shows. */
const userSummary = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  firstname: u.firstname,
  lastname: u.lastname,
  role: u.role,
  emailVerified: u.emailVerifiedAt !== null,
  createdAt: iso(u.createdAt),
});

export async function searchOrders(db: Db, query: AdminOrdersQuery) {
  const { rows, ...page } = await findOrderPage(db, query);
  return { orders: rows.map(orderSummary), ...page };
}

export async function orderDetail(db: Db, id: string) {
  const found = await repo.findOrder(db, id);
  if (!found) throw notFound('No order with this id.');
  const { order, payments, ledger } = found;
  return {
    order: { ...orderSummary(order), fulfilledAt: isoOrNull(order.fulfilledAt) },
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      transactionId: p.transactionId,
      declineReason: p.declineReason,
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    ledger: await ledgerEntries(db, order.userId, ledger),
  };
}

export async function searchUsers(db: Db, query: AdminUsersQuery) {
  const { rows, ...page } = await repo.searchUsers(db, query);
  return { users: rows.map(userSummary), ...page };
}

export async function userDetail(db: Db, id: string) {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound('No user with this id.');
  const [verification, wallets, ledger] = await Promise.all([
    repo.findVerification(db, id),
    getWalletCoins(db, id),
    repo.recentLedger(db, id, RECENT_LEDGER),
  ]);
  return {
    user: { ...userSummary(user), address: user.address ?? null },
    verification: verification
      ? {
          attempts: verification.attempts,
          decision: verification.decision,
          status: verification.status,
          updatedAt: iso(verification.updatedAt),
        }
      : null,
    wallets,
    recentLedger: await ledgerEntries(db, id, ledger),
  };
}

/** Midnight UTC of today, and of this week's Monday. */
export function salesPeriods(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysSinceMonday = (today.getUTCDay() + 6) % 7;
  return { today, weekStart: new Date(today.getTime() - daysSinceMonday * 86_400_000) };
}

export async function dashboard(db: Db, now = new Date()) {
  const { today, weekStart } = salesPeriods(now);
  const [salesTodayCents, salesThisWeekCents, ordersByState, pendingCashouts, pendingIdentityReviews, openChats] = await Promise.all([
    repo.salesSince(db, today),
    repo.salesSince(db, weekStart),
    repo.countOrdersByState(db),
    repo.countPendingCashouts(db),
    // The kyc module's review queue (ADR 025): the same rule its list uses.
    countIdentityReviews(db),
    countOpenChats(db),
  ]);
  return { salesTodayCents, salesThisWeekCents, ordersByState, pendingCashouts, pendingIdentityReviews, openChats };
}
