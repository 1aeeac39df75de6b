import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCents, formatCoins, formatOrderNumber } from '@store/shared';
import { readApiFailure } from '../../../lib/api-failure.ts';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { LedgerTable } from '../components/LedgerTable.tsx';
import { formatWhen } from '../components/format.ts';
import { useAdminOrderQuery, useRefundOrderMutation } from './orders-api.ts';
import { ORDER_STATE_LABELS, REFUNDABLE } from './order-states.ts';
import { Button, OutcomeMessage, TableScroll } from '../../../components/ui/index.ts';

/** /admin/orders/:id: the order's lines, payments and ledger entries, and its refund. */
export function OrderDetail() {
  const { id = '' } = useParams();
  const { data, error, isError, refetch } = useAdminOrderQuery(id, { refetchOnMountOrArgChange: true });
  // The refund's outcome outlives its form, which goes once the order reads refunded.
  const [refundOutcome, setRefundOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  if (isError) {
    const notFound = readApiFailure(error).status === 404;
    return (
      <section className="admin-panel">
        <p>{notFound ? 'No order with this id.' : "We couldn't load this order."}</p>
        {!notFound && (
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        )}
        <Link to="/admin/orders">Back to orders</Link>
      </section>
    );
  }
  if (!data) return <p role="status">Loading the order…</p>;
  const { order, payments, ledger } = data;

  return (
    <div data-testid="admin-order-detail">
      <p>
        <Link to="/admin/orders">← Orders</Link>
      </p>
      <h2 data-testid="admin-order-number">Order {formatOrderNumber(order.number)}</h2>
      <section className="admin-panel" aria-label="Order">
        <dl>
          <dt>Order id</dt>
          <dd>
            <code>{order.id}</code>
          </dd>
          <dt>State</dt>
          <dd data-testid="admin-order-state">{ORDER_STATE_LABELS[order.status]}</dd>
          <dt>Shopper</dt>
          <dd>
            <Link to={`/admin/users/${encodeURIComponent(order.userId)}`}>{order.email}</Link>
          </dd>
          <dt>Recordings</dt>
          <dd>
            <Link to={`/admin/recordings?orderId=${encodeURIComponent(order.id)}`}>Sessions that visited this order</Link>
          </dd>
          <dt>Total</dt>
          <dd>
            {formatCents(order.totalCents)} (subtotal {formatCents(order.subtotalCents)}, discount {formatCents(order.discountCents)}, tax{' '}
            {formatCents(order.taxCents)})
          </dd>
          <dt>Coins</dt>
          <dd>
            {formatCoins(order.coins)} + {formatCoins(order.bonusCoins)} bonus
          </dd>
          <dt>Source</dt>
          <dd>{order.source}</dd>
          {order.couponCode && (
            <>
              <dt>Coupon</dt>
              <dd>{order.couponCode}</dd>
            </>
          )}
          {order.failureReason && (
            <>
              <dt>Failure</dt>
              <dd>{order.failureReason}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>{formatWhen(order.createdAt)}</dd>
          <dt>Paid</dt>
          <dd>{formatWhen(order.paidAt)}</dd>
          <dt>Fulfilled</dt>
          <dd>{formatWhen(order.fulfilledAt)}</dd>
        </dl>
        {REFUNDABLE.includes(order.status) && <RefundForm orderId={order.id} orderNumber={order.number} onSettled={setRefundOutcome} />}
        {order.status === 'refunded' && (
          <OutcomeMessage tone="success" testId="admin-order-refunded">
            {refundOutcome ? `${refundOutcome.text} ` : ''}This order is refunded; it cannot be refunded again.
          </OutcomeMessage>
        )}
      </section>

      <section className="admin-panel" aria-label="Lines">
        <h3>Lines</h3>
        <TableScroll label="Lines table">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Kind</th>
                <th scope="col">Unit price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Coins</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={`${item.itemKind}:${item.itemId}`}>
                  <td>{item.name}</td>
                  <td>{item.itemKind}</td>
                  <td>{formatCents(item.unitPriceCents)}</td>
                  <td>{item.quantity}</td>
                  <td>
                    {formatCoins(item.coins)} + {formatCoins(item.bonusCoins)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section className="admin-panel" aria-label="Payments">
        <h3>Payments</h3>
        {payments.length === 0 ? (
          <p>No payment.</p>
        ) : (
          <TableScroll label="Payments table">
            <table className="admin-table" aria-label="Payments">
              <thead>
                <tr>
                  <th scope="col">Provider</th>
                  <th scope="col">Method</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Transaction</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment.id} data-testid="admin-payment-row">
                    <td>{payment.provider}</td>
                    <td>{payment.method}</td>
                    <td>
                      {payment.status}
                      {payment.declineReason ? ` (${payment.declineReason})` : ''}
                    </td>
                    <td>{formatCents(payment.amountCents)}</td>
                    <td>{payment.transactionId}</td>
                    <td>{formatWhen(payment.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section className="admin-panel" aria-label="Ledger">
        <h3>Ledger entries</h3>
        <LedgerTable entries={ledger} />
      </section>
    </div>
  );
}

/** A refund through the provider, with the reason the audit log keeps; a refusal's message is shown as the server gave it. */
function RefundForm({
  orderId,
  orderNumber,
  onSettled,
}: {
  orderId: string;
  orderNumber: number;
  onSettled: (outcome: { ok: boolean; text: string }) => void;
}) {
  const [refundOrder] = useRefundOrderMutation();
  const [reason, setReason] = useState('');
  const ready = reason.trim().length > 0 && reason.length <= 500;
  return (
    <ConfirmAction
      label="Refund"
      question="Refund this order through its payment provider? The coins it granted are taken back from the shopper."
      danger
      disabled={!ready}
      onSettled={onSettled}
      run={async () => {
        await refundOrder({ id: orderId, reason: reason.trim() }).unwrap();
        return `Order ${formatOrderNumber(orderNumber)} refunded.`;
      }}
    >
      <div className="admin-form" role="group" aria-label="Refund">
        <label>
          Refund reason (required)
          <input name="refundReason" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
      </div>
    </ConfirmAction>
  );
}
