import { TableScroll } from '../../../components/ui/index.ts';
import { formatCents, formatCoins, formatDateTime, type CashoutItem, type CashoutStatus } from '@store/shared';

export const STATUS_LABELS: Record<CashoutStatus, string> = {
  PENDING: 'Pending review',
  APPROVED: 'Approved: payout on its way',
  PAID: 'Paid',
  REJECTED: 'Rejected',
  FAILED: 'Payout failed',
};

/** The shopper's cash-outs, newest first, each with its state (and why, when it was refused). */
export function CashoutList({ items }: { items: CashoutItem[] }) {
  if (items.length === 0) return <p className="cashout-note">You have not requested a cash-out yet.</p>;
  return (
    <TableScroll label="Your cash-outs">
      <table className="cashout-table">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Coins</th>
            <th scope="col">Bank account</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id} data-testid="cashout-row" data-status={item.status}>
              <td>{formatDateTime(item.createdAt)}</td>
              <td>
                {formatCoins(item.amount)} <span className="cashout-muted">({formatCents(item.amountCents)})</span>
              </td>
              <td>
                {item.bankName} ••{item.last4}
              </td>
              <td data-testid="cashout-status">
                {STATUS_LABELS[item.status]}
                {(item.rejectionReason || item.failureReason) && (
                  <span className="cashout-muted"> — {item.rejectionReason ?? item.failureReason}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
