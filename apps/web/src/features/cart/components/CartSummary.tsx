import { Panel } from '../../../components/ui/index.ts';
import { formatCents, formatCoins, type Promotion } from '@store/shared';
import type { CartState } from '../cart-slice.ts';

const promotionText = (promotion: Promotion) =>
  promotion.bonusType === 'PERCENTAGE'
    ? `${promotion.bonusPercentage}% bonus coins`
    : `${formatCoins(promotion.bonusPercentage)} bonus coins`;

function taxLabel(cart: CartState): string {
  const tax = cart.taxData;
  if (!tax?.state) return 'Tax';
  return `Tax (${tax.state}, ${(tax.rateBps / 100).toFixed(2)}%)`;
}

/** Promotions, the money lines (subtotal, discount, tax, total) and the coins the order brings. */
export function CartSummary({ cart }: { cart: CartState }) {
  const totals = cart.totals;
  if (!totals) return null;
  const overLimit = cart.transactionLimit !== null && totals.total > cart.transactionLimit;
  return (
    <Panel className="cart-summary" title="Order summary">
      {cart.promotion ? (
        <p className="cart-promotion" data-testid="cart-promotion">
          {cart.promotion.name}: {promotionText(cart.promotion)}
        </p>
      ) : null}
      {cart.eligibilityPromotion ? (
        <p className="cart-promotion" data-testid="cart-eligibility-promotion">
          {cart.eligibilityPromotion.name}: {promotionText(cart.eligibilityPromotion)}
        </p>
      ) : null}
      <dl className="cart-summary__lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 ? (
          <div>
            <dt>Discount{cart.coupon ? ` (${cart.coupon.code})` : ''}</dt>
            <dd>−{formatCents(totals.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{taxLabel(cart)}</dt>
          <dd data-testid="cart-tax">{formatCents(totals.tax)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatCents(totals.total)}</dd>
        </div>
        <div>
          <dt>Coins</dt>
          <dd>{formatCoins(totals.coins)}</dd>
        </div>
        {totals.bonusCoins > 0 ? (
          <div>
            <dt>Bonus coins</dt>
            <dd>+{formatCoins(totals.bonusCoins)}</dd>
          </div>
        ) : null}
        <div className="cart-summary__total">
          <dt>You receive</dt>
          <dd data-testid="cart-total-coins">{formatCoins(totals.totalCoins)} coins</dd>
        </div>
      </dl>
      {cart.transactionLimit !== null ? (
        <p className={overLimit ? 'cart-error' : 'cart-muted'} data-testid="cart-limit-note">
          {overLimit
            ? `This order is over the ${formatCents(cart.transactionLimit)} limit per purchase. Remove something to check out.`
            : `Orders are limited to ${formatCents(cart.transactionLimit)} per purchase.`}
        </p>
      ) : null}
    </Panel>
  );
}
