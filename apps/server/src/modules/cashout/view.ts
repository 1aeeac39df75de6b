// A cash-out row as the shopper and an admin see it.
import type { AdminCashoutItem, CashoutItem } from '@store/shared';
import type { CashoutRow } from './repository.ts';

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
