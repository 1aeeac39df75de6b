// A cash-out row as the shopper and an admin see it.
import type { AdminCashoutItem, AdminCashoutListItem, CashoutItem } from '@store/shared';
import type { CashoutRow, ListedCashout } from './repository.ts';

export const cashoutItem = (row: CashoutRow): CashoutItem => ({
  _id: row.id,
  amount: row.amount,
  amountCents: row.amountCents,
  status: row.status,
  userPaymentOptionId: row.userPaymentOptionId,
  bankName: row.bankName,
  last4: row.last4,
  rejectionReason: row.rejectionReason,
  failureReason: row.failureReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const adminCashoutItem = (row: CashoutRow): AdminCashoutItem => ({
  ...cashoutItem(row),
  userId: row.userId,
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** A row of the console's list: the item with who asked and who decided, by e-mail and name. */
export const adminCashoutListItem = (listed: ListedCashout): AdminCashoutListItem => ({
  ...adminCashoutItem(listed.cashout),
  email: listed.email,
  name: `${listed.firstname} ${listed.lastname}`.trim(),
  decidedByEmail: listed.decidedByEmail,
});
