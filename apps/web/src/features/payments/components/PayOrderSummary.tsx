import { Link } from 'react-router';
import { OutcomeMessage, Panel } from '../../../components/ui/index.ts';
import { formatCents, formatCoins, formatOrderNumber, type Order } from '@store/shared';

/**
 * The order being paid, as a shopper checks it before paying (issue 24): its number, every line, the coupon's
 * discount, tax, the total, and the coins it gives with the promotion's bonus named once; and a way back to
 * the cart (placing the cart again returns this same order while the cart is unchanged).
 */
export function PayOrderSummary({ order }: { order: Order }) {
  const payable = order.status === 'pending';
  return (
    <Panel label="Order">
      <header className="payments-order-head">
        <h2 data-testid="order-number">Order {formatOrderNumber(order.number)}</h2>
        <Link to="/cart" className="payments-back-link">
          ← Back to cart
        </Link>
      </header>
      <ul className="payments-order-lines">
        {order.items.map((item) => (
          <li key={`${item.kind}:${item.itemId}`}>
            {item.name} × {item.quantity}
            <span>{formatCents(item.unitPrice * item.quantity)}</span>
          </li>
        ))}
        {order.discount > 0 ? (
          <li data-testid="order-discount">
            Discount{order.coupon ? ` (${order.coupon.code})` : ''}
            <span>−{formatCents(order.discount)}</span>
          </li>
        ) : null}
        {order.tax > 0 ? (
          <li>
            Tax
            <span>{formatCents(order.tax)}</span>
          </li>
        ) : null}
      </ul>
      <p className="payments-order-total">
        Total <strong data-testid="order-total">{formatCents(order.total)}</strong>
      </p>
      <p className="payments-muted" data-testid="order-coins">
        {formatCoins(order.totalCoins)} coins will be added to your wallet
        {order.bonusCoins > 0 ? `, including ${formatCoins(order.bonusCoins)} bonus coins` : ''}.
      </p>
      {!payable ? (
        <OutcomeMessage tone="info">
          This order is {order.status}. <Link to="/cart">Back to your cart</Link>
        </OutcomeMessage>
      ) : null}
    </Panel>
  );
}
