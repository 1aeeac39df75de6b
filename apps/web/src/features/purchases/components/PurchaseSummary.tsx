import { PAYMENT_METHOD_LABELS, formatCents, formatCoins, formatDateTime, formatOrderNumber } from '@store/shared';
import type { Purchase } from '../types.ts';
import { GiftCardCodes } from './GiftCardCodes.tsx';

export const STATUS_LABELS: Record<Purchase['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid, delivering',
  fulfilled: 'Completed',
  failed: 'Payment failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

/**
 * An order whose payment is settling (a bank debit, ADR 011, or a card not yet confirmed): paid for, not
 * credited yet. The order does not say which method, so the label names none (issue 24).
 */
export const PROCESSING_LABEL = 'Payment processing';

// These orders credited nothing, so no coins are shown for them.
const NOT_CREDITED = new Set<Purchase['status']>(['failed', 'canceled', 'refunded']);

/** One order: its lines, money, coins, status and (once delivered) its gift-card codes. */
export function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  return (
    <>
      <header className="purchase__head">
        <span className="purchase__number" data-testid="order-number">
          Order {formatOrderNumber(purchase.number)}
        </span>
        <span className="purchase__date">{formatDateTime(purchase.createdAt)}</span>
        <span className={`purchase__status purchase__status--${purchase.status}`} data-testid="purchase-status">
          {purchase.paymentProcessing ? PROCESSING_LABEL : STATUS_LABELS[purchase.status]}
        </span>
      </header>
      <ul className="purchase__items">
        {purchase.items.map((item) => (
          <li key={`${item.kind}:${item.itemId}`}>
            <span>
              {item.name} × {item.quantity}
            </span>
            <span>{formatCents(item.unitPrice * item.quantity)}</span>
          </li>
        ))}
      </ul>
      {purchase.failureReason && purchase.status === 'failed' ? <p className="purchase__failure">{purchase.failureReason}</p> : null}
      <dl className="purchase__totals">
        {purchase.discount > 0 ? (
          <div>
            <dt>Discount{purchase.coupon ? ` (${purchase.coupon.code})` : ''}</dt>
            <dd>−{formatCents(purchase.discount)}</dd>
          </div>
        ) : null}
        {purchase.tax > 0 ? (
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(purchase.tax)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Total</dt>
          <dd data-testid="purchase-total">{formatCents(purchase.total)}</dd>
        </div>
        {purchase.paidWith ? (
          <div>
            <dt>Paid with</dt>
            <dd data-testid="purchase-paid-with">{PAYMENT_METHOD_LABELS[purchase.paidWith]}</dd>
          </div>
        ) : null}
        {purchase.totalCoins > 0 && !NOT_CREDITED.has(purchase.status) ? (
          <div>
            <dt>Coins</dt>
            <dd data-testid="purchase-coins">
              {formatCoins(purchase.totalCoins)}
              {purchase.bonusCoins > 0 ? ` (incl. ${formatCoins(purchase.bonusCoins)} bonus)` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {purchase.giftCardCodes.length > 0 ? <GiftCardCodes codes={purchase.giftCardCodes} /> : null}
    </>
  );
}
